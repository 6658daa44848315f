// After a deletion the erased identifiers no longer hold their clusters together: what was one
// person through a deleted email may now be two. Pure planning; the service applies the plan.
import { UnionFind } from '@/lib/engine/graph/union-find';

export interface ClusterMember {
  id: string;
  personId: string;
  isHub: boolean;
}

/**
 * Re-derives each cluster from the links that remain (never through a hub, as observe does):
 * the largest component keeps the person id, other components of two or more get a new one, a
 * lone identifier (or a hub) gets none. Returns only the identifiers whose person changes.
 */
export function planClusters(
  members: readonly ClusterMember[],
  links: readonly { a: string; b: string }[],
  newPerson: () => string,
): { id: string; personId: string | null }[] {
  const byId = new Map(members.map((m) => [m.id, m]));
  const sets = new UnionFind();
  for (const m of members) if (!m.isHub) sets.find(m.id);
  for (const { a, b } of links) {
    const x = byId.get(a);
    const y = byId.get(b);
    if (!x || !y || x.isHub || y.isHub || x.personId !== y.personId) continue;
    sets.union(a, b);
  }
  const components = new Map<string, ClusterMember[]>();
  for (const m of members) {
    if (m.isHub) continue;
    const root = sets.find(m.id);
    components.set(root, [...(components.get(root) ?? []), m]);
  }
  const byPerson = new Map<string, ClusterMember[][]>();
  for (const component of components.values()) {
    const person = component[0]?.personId ?? '';
    byPerson.set(person, [...(byPerson.get(person) ?? []), component]);
  }
  const targets: { id: string; personId: string | null }[] = members
    .filter((m) => m.isHub)
    .map((m) => ({ id: m.id, personId: null }));
  for (const [person, parts] of byPerson) {
    // Ties go to the component with the smallest id, so the plan does not depend on row order.
    parts.sort((x, y) => y.length - x.length || (minId(x) < minId(y) ? -1 : 1));
    parts.forEach((part, index) => {
      const target = part.length < 2 ? null : index === 0 ? person : newPerson();
      for (const m of part) targets.push({ id: m.id, personId: target });
    });
  }
  return targets.filter((t) => byId.get(t.id)?.personId !== t.personId);
}

const minId = (part: readonly ClusterMember[]): string => part.map((m) => m.id).sort()[0] ?? '';
