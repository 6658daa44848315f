// Builds SsaTables from the imported lists' canonical entries (see lib/reference/ssa).
import type { SsaArea, SsaTables } from './types';

export interface SsaListRows {
  name: string;
  kind: 'high-group' | 'area';
  publishedAt: Date | null;
  /** high-group: "AAA:GG"; area: "AAA-BBB:label" (label "Not Issued" marks unissued areas). */
  entries: readonly string[];
}

/** Null without a high-group list: the issuance checks need it; the area table alone only labels. */
export function buildSsaTables(lists: readonly SsaListRows[]): SsaTables | null {
  const groups = new Map<number, number>();
  let asOf: Date | null = null;
  const areas = new Map<number, SsaArea>();
  // The detailed table (state names, "Not Issued") wins over the condensed one (state codes).
  const ordered = [...lists].sort((a, b) => b.entries.length - a.entries.length);
  for (const list of ordered) {
    if (list.kind === 'high-group') {
      if (asOf !== null && list.publishedAt !== null && list.publishedAt < asOf) continue;
      asOf = list.publishedAt ?? asOf;
      for (const entry of list.entries) {
        const match = /^(\d{3}):(\d{2})$/.exec(entry);
        if (match) groups.set(Number(match[1]), Number(match[2]));
      }
    } else {
      const own = new Set<number>();
      for (const entry of list.entries) {
        const match = /^(\d{3})-(\d{3}):(.+)$/.exec(entry);
        if (!match?.[3]) continue;
        const label = match[3];
        const issued = !/^not issued$/i.test(label);
        for (let area = Number(match[1]); area <= Number(match[2]); area += 1) {
          const known = areas.get(area);
          // One table may give an area to several places (586: Guam, American Samoa, ...).
          if (known && own.has(area)) areas.set(area, { label: `${known.label}, ${label}`, issued });
          else if (!known || (!known.issued && issued)) {
            areas.set(area, { label, issued });
            own.add(area);
          }
        }
      }
    }
  }
  if (groups.size === 0 || asOf === null) return null;
  const highGroupsAsOf = asOf;
  return {
    highGroupsAsOf,
    sources: lists.map((l) => l.name),
    highGroup: (area) => groups.get(area) ?? null,
    area: (area) => areas.get(area) ?? null,
  };
}
