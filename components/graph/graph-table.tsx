'use client';

import { ScrollRegion } from '@/components/results/scroll-region';
import { RelativeTime } from '@/components/sessions/relative-time';
import { Button } from '@/components/ui/button';
import { GRAPH_KIND_LABEL } from '@/lib/contract/console/graph';
import styles from './graph.module.css';
import { type GraphState, KIND_COLOUR, percent } from './graph-state';

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
  const edges = [...graph.edges.values()].sort((x, y) => y.confidence - x.confidence);
  return (
    <div className={styles.twin}>
      <h3 id="graph-identifiers-heading">Identifiers</h3>
      <ScrollRegion label="Identifiers of the graph">
        <table className="table" aria-labelledby="graph-identifiers-heading">
          <thead>
            <tr>
              <th scope="col">Identifier (masked)</th>
              <th scope="col">Kind</th>
              <th scope="col">Hub</th>
              <th scope="col">Last seen</th>
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
                  <td>
                    <span
                      className={styles.swatch}
                      style={{ background: KIND_COLOUR[node.kind] }}
                      aria-hidden="true"
                    />
                    {GRAPH_KIND_LABEL[node.kind]}
                  </td>
                  <td>{node.hub ? <span className="badge badge-warning">Hub</span> : 'No'}</td>
                  <td>
                    <RelativeTime iso={node.lastSeen} layout="inline" />
                  </td>
                  <td>
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
        <table className="table" aria-labelledby="graph-links-heading">
          <thead>
            <tr>
              <th scope="col">From</th>
              <th scope="col">To</th>
              <th scope="col">Kinds</th>
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
                  <td>
                    <code>{label(edge.a)}</code>
                  </td>
                  <td>
                    <code>{label(edge.b)}</code>
                  </td>
                  <td>{kinds.join(' – ')}</td>
                  <td>{percent(edge.confidence)}</td>
                  <td>
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
