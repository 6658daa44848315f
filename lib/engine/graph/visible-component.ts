import { UnionFind } from './union-find';

export interface Edge {
  a: string;
  b: string;
}

/**
 * The identifiers connected to the seeds through the given links (the seeds included): a stored
 * cluster is built over every workspace's links, so a workspace that may see only some of them
 * takes the component over those it sees.
 */
export function visibleComponent(seeds: Iterable<string>, links: readonly Edge[]): Set<string> {
  const sets = new UnionFind();
  const starts = [...seeds];
  for (const id of starts) sets.find(id);
  for (const link of links) sets.union(link.a, link.b);
  const roots = new Set(starts.map((id) => sets.find(id)));
  const component = new Set<string>(starts);
  for (const group of sets.groups()) {
    const [first] = group;
    if (first !== undefined && roots.has(sets.find(first))) for (const id of group) component.add(id);
  }
  return component;
}
