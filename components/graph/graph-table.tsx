'use client';

import Link from 'next/link';
import { ScrollRegion } from '@/components/results/scroll-region';
import { RelativeTime } from '@/components/sessions/relative-time';
import { Button } from '@/components/ui/button';
import { GRAPH_KIND_LABEL, type GraphNode, SHARED_COUNT_CAP } from '@/lib/contract/console/graph';
import styles from './graph.module.css';
import { type GraphState, KIND_COLOUR, percent } from './graph-state';

/**
 * The workspace's sessions that used an identifier, one click away (the search pivots on the
 * identifier's id: its value is never in the page). Names and profiles index no session.
 */
function SharingLink({ node }: { node: GraphNode }) {
  if (node.sessions === null) return <span className="muted">Not indexed</span>;
  if (node.sessions === 0) return <span className="muted">None</span>;
  const count = node.sessions >= SHARED_COUNT_CAP ? `${SHARED_COUNT_CAP}+` : String(node.sessions);
  return (
    <Link
      href={`/sessions?q=${encodeURIComponent(node.id)}`}
      aria-label={`${count} ${node.sessions === 1 ? 'session' : 'sessions'} used ${GRAPH_KIND_LABEL[node.kind]} ${node.label}`}
    >
      {count} {node.sessions === 1 ? 'session' : 'sessions'}
    </Link>
  );
}

/** The graph as two tables (identifiers, links): the same content for keyboards and screen readers. */
export function GraphTable({
  graph,
  onExpand,
  pending,
}: {
  graph: GraphState;
  onExpand: (id: string) => void;
  pending: string | undefined;
}) {
  const nodes = [...graph.nodes.values()].sort((x, y) => Number(y.root) - Number(x.root));
  const label = (id: string) => graph.nodes.get(id)?.label ?? id;
  // Links to history first: a pair of the session's own identifiers says only that it sent them.
  const own = (edge: { a: string; b: string }) =>
    graph.nodes.get(edge.a)?.root === true && graph.nodes.get(edge.b)?.root === true;
  const edges = [...graph.edges.values()].sort(
    (x, y) => Number(own(x)) - Number(own(y)) || y.confidence - x.confidence,
  );
  return (
    <div className={styles.twin}>
      <h3 id="graph-identifiers-heading">Identifiers</h3>
      <ScrollRegion label="Identifiers of the graph">
        <table className="table table-cards" aria-labelledby="graph-identifiers-heading">
          <thead>
            <tr>
              <th scope="col">Identifier (masked)</th>
              <th scope="col">Kind</th>
              <th scope="col">Hub</th>
              <th scope="col">Last seen</th>
              <th scope="col">Sessions</th>
              <th scope="col">Neighbours</th>
            </tr>
          </thead>
          <tbody>
            {nodes.map((node) => {
              const more = graph.expanded.get(node.id);
              return (
                <tr key={node.id}>
                  <th scope="row">
                    <code>{node.label}</code>
                    {node.root ? <span className="badge badge-info"> session</span> : null}
                  </th>
                  <td data-label="Kind">
                    <span
                      className={styles.swatch}
                      style={{ background: KIND_COLOUR[node.kind] }}
                      aria-hidden="true"
                    />
                    {GRAPH_KIND_LABEL[node.kind]}
                  </td>
                  <td data-label="Hub">
                    {node.hub ? <span className="badge badge-warning">Hub</span> : 'No'}
                  </td>
                  <td data-label="Last seen">
                    <RelativeTime iso={node.lastSeen} layout="inline" />
                  </td>
                  <td data-label="Sessions">
                    <SharingLink node={node} />
                  </td>
                  <td data-label="Neighbours">
                    {more === undefined ? (
                      <Button
                        size="sm"
                        busy={pending === node.id}
                        onClick={() => onExpand(node.id)}
                        aria-label={`Expand ${GRAPH_KIND_LABEL[node.kind]} ${node.label}`}
                      >
                        Expand
                      </Button>
                    ) : more > 0 ? (
                      `Expanded; ${more} more not shown`
                    ) : (
                      'Expanded'
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </ScrollRegion>
      <h3 id="graph-links-heading">Links</h3>
      <ScrollRegion label="Links of the graph">
        <table className="table table-cards" aria-labelledby="graph-links-heading">
          <thead>
            <tr>
              <th scope="col">From</th>
              <th scope="col">To</th>
              <th scope="col">Kinds</th>
              <th scope="col">Seen</th>
              <th scope="col">Confidence</th>
              <th scope="col">Last seen</th>
            </tr>
          </thead>
          <tbody>
            {edges.map((edge) => {
              const kinds = [edge.a, edge.b].map((id) => {
                const kind = graph.nodes.get(id)?.kind;
                return kind ? GRAPH_KIND_LABEL[kind] : '?';
              });
              return (
                <tr key={`${edge.a} ${edge.b}`}>
                  <td data-label="From">
                    <code>{label(edge.a)}</code>
                  </td>
                  <td data-label="To">
                    <code>{label(edge.b)}</code>
                  </td>
                  <td data-label="Kinds">{kinds.join(' – ')}</td>
                  <td data-label="Seen">{own(edge) ? 'In this session' : 'Before, elsewhere'}</td>
                  <td data-label="Confidence">{percent(edge.confidence)}</td>
                  <td data-label="Last seen">
                    <RelativeTime iso={edge.lastSeen} layout="inline" />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </ScrollRegion>
    </div>
  );
}
