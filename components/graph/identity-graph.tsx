'use client';

import { useMutation, useQuery } from '@tanstack/react-query';
import dynamic from 'next/dynamic';
import { useMemo, useState } from 'react';
import { ConsoleApiError, consoleFetch } from '@/components/data/console-fetch';
import { Card } from '@/components/ui/card';
import { ProblemCallout } from '@/components/ui/problem-callout';
import { Skeleton } from '@/components/ui/skeleton';
import {
  GRAPH_KIND_LABEL,
  GRAPH_NODE_KINDS,
  type GraphNode,
  type GraphPayload,
} from '@/lib/contract/console/graph';
import styles from './graph.module.css';
import { emptyGraph, KIND_COLOUR, mergeGraph } from './graph-state';
import { GraphTable } from './graph-table';

// Cytoscape measures the page: it is loaded in the browser only.
const GraphCanvas = dynamic(() => import('./graph-canvas').then((m) => m.GraphCanvas), {
  ssr: false,
  loading: () => <Skeleton lines={6} label="Loading the graph renderer" />,
});

const graphUrl = (sessionId: string, node?: GraphNode) => {
  const params = new URLSearchParams({ session: sessionId });
  if (node) {
    params.set('expand', node.id);
    params.set('token', node.token);
  }
  return `/api/console/graph?${params}`;
};

function Legend() {
  return (
    <ul className={styles.legend} aria-label="Legend">
      {GRAPH_NODE_KINDS.map((kind) => (
        <li key={kind}>
          <span className={styles.swatch} style={{ background: KIND_COLOUR[kind] }} aria-hidden="true" />
          {GRAPH_KIND_LABEL[kind]}
        </li>
      ))}
      <li>
        <span className={styles.rootSwatch} aria-hidden="true" />
        The session's identifier
      </li>
      <li>
        <span className={styles.hubSwatch} aria-hidden="true" />
        Hub (shared by many people)
      </li>
      <li>Thicker line: higher link confidence</li>
    </ul>
  );
}

/**
 * The identity graph around a session: its identifiers and what the graph links to them, one
 * hop further per expansion (click a node, or its Expand button in the table twin).
 */
export function IdentityGraph({ sessionId }: { sessionId: string }) {
  // The expansions the analyst opened, merged over the session's graph as it last loaded.
  const [expansions, setExpansions] = useState<GraphPayload[]>([]);
  const [announce, setAnnounce] = useState('');
  const first = useQuery({
    queryKey: ['console', 'graph', sessionId],
    queryFn: () => consoleFetch<GraphPayload>(graphUrl(sessionId)),
  });
  const graph = useMemo(
    () => (first.data ? [first.data, ...expansions].reduce(mergeGraph, emptyGraph()) : null),
    [first.data, expansions],
  );
  const expansion = useMutation({
    mutationFn: (node: GraphNode) => consoleFetch<GraphPayload>(graphUrl(sessionId, node)),
    onSuccess: (answer, node) => {
      const known = graph?.nodes;
      const added = answer.nodes.filter((item) => !known?.has(item.id)).length;
      setExpansions((list) => [...list, answer]);
      setAnnounce(`${node.label} expanded: ${added} new identifiers.`);
    },
  });
  const expand = (id: string) => {
    const node = graph?.nodes.get(id);
    if (node && !graph?.expanded.has(id) && !expansion.isPending) expansion.mutate(node);
  };

  let body: React.ReactNode;
  if (first.isPending) {
    body = <Skeleton lines={6} label="Loading the identity graph" />;
  } else if (first.isError) {
    body =
      first.error instanceof ConsoleApiError && first.error.status === 404 ? (
        <p className="muted">This session is not in this workspace.</p>
      ) : (
        <ProblemCallout
          error={first.error}
          title="The graph could not be loaded"
          onRetry={() => first.refetch()}
        />
      );
  } else if (graph === null || graph.nodes.size === 0) {
    body = (
      <p className="muted">
        The graph holds none of this session's identifiers yet (or only ones another workspace keeps to
        itself).
      </p>
    );
  } else {
    body = (
      <>
        <Legend />
        <GraphCanvas graph={graph} onExpand={expand} />
        {expansion.isError ? (
          <ProblemCallout error={expansion.error} title="That identifier could not be expanded" />
        ) : null}
        <p className="visually-hidden" aria-live="polite">
          {announce}
        </p>
        <GraphTable
          graph={graph}
          onExpand={expand}
          pending={expansion.isPending ? expansion.variables?.id : undefined}
        />
      </>
    );
  }
  return (
    <Card
      title="Identity graph"
      labelledBy="session-graph-heading"
      description="The session's identifiers and what the graph links to them, as this workspace may see them (masked). Expand an identifier to go one hop further."
    >
      {body}
    </Card>
  );
}
