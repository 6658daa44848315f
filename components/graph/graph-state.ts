// The graph the analyst has opened so far: the session's answer and each expansion merged in.
import type { GraphEdge, GraphNode, GraphPayload } from '@/lib/contract/console/graph';

export interface GraphState {
  nodes: Map<string, GraphNode>;
  edges: Map<string, GraphEdge>;
  /** Expanded nodes and how many of their neighbours are not shown. */
  expanded: Map<string, number>;
}

export const emptyGraph = (): GraphState => ({ nodes: new Map(), edges: new Map(), expanded: new Map() });

export function mergeGraph(state: GraphState, answer: GraphPayload): GraphState {
  const nodes = new Map(state.nodes);
  for (const node of answer.nodes) nodes.set(node.id, node);
  const edges = new Map(state.edges);
  for (const edge of answer.edges) edges.set(`${edge.a} ${edge.b}`, edge);
  const expanded = new Map(state.expanded);
  for (const item of answer.expanded) expanded.set(item.id, item.more);
  return { nodes, edges, expanded };
}

/** Colours by kind (legend, graph and table share them); each reads on white at 3:1 or more. */
export const KIND_COLOUR: Record<GraphNode['kind'], string> = {
  email: '#2563eb',
  phone: '#059669',
  ssn: '#dc2626',
  profile: '#7c3aed',
  ip: '#d97706',
  name: '#0891b2',
  address: '#db2777',
  employment: '#4b5563',
};

export const percent = (confidence: number) => `${Math.round(confidence * 100)}%`;
