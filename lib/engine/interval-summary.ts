import type { IntervalSummary } from '@/lib/contract/console/patterns';

/** Observations of one identifier in part of a window, by event type and source. */
export interface SourceCount {
  type: string;
  source: string;
  n: number;
}

/**
 * One window's summary from its parts' counts (hours from the rollups, the partial first hour
 * from raw rows): observations add up, sources are counted once each however many parts saw
 * them. Null when nothing was observed. Events: most observed first, then by type.
 */
export function summarizeCounts(counts: readonly SourceCount[]): IntervalSummary | null {
  if (counts.length === 0) return null;
  let observations = 0;
  const sources = new Set<string>();
  const byType = new Map<string, { observations: number; sources: Set<string> }>();
  for (const { type, source, n } of counts) {
    observations += n;
    sources.add(source);
    const entry = byType.get(type) ?? { observations: 0, sources: new Set<string>() };
    entry.observations += n;
    entry.sources.add(source);
    byType.set(type, entry);
  }
  const events = [...byType]
    .map(([type, entry]) => ({ type, observations: entry.observations, sources: entry.sources.size }))
    .sort((a, b) => b.observations - a.observations || a.type.localeCompare(b.type));
  return { observations, sources: sources.size, events };
}
