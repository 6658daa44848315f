import type { Series } from './signals-types';

/** One bar of a sparkline: its start and a count per event type (0 where none). */
export type SeriesRow = { startMs: number } & Record<string, number>;

export interface SeriesView {
  rows: SeriesRow[];
  /** Observations of the visible types over the whole window. */
  shown: number;
  /** Observations of every type over the whole window. */
  total: number;
  /** The busiest bucket of the visible types, when any has activity. */
  peak: { startMs: number; count: number } | null;
}

/** Chart rows and totals of a series with some event types switched off. */
export function seriesView(
  series: Series,
  types: readonly string[],
  hidden: ReadonlySet<string>,
): SeriesView {
  let shown = 0;
  let total = 0;
  let peak: SeriesView['peak'] = null;
  const rows = series.buckets.map((bucket) => {
    const row: SeriesRow = { startMs: bucket.startMs };
    let visible = 0;
    for (const type of types) {
      const count = bucket.events[type] ?? 0;
      row[type] = count;
      if (!hidden.has(type)) visible += count;
    }
    shown += visible;
    total += bucket.observations;
    if (visible > 0 && (!peak || visible > peak.count)) peak = { startMs: bucket.startMs, count: visible };
    return row;
  });
  return { rows, shown, total, peak };
}

/** Types present in any bucket, so a type the summary did not list still gets drawn. */
export function seriesTypes(series: Series): string[] {
  const types = new Set<string>();
  for (const bucket of series.buckets) for (const type of Object.keys(bucket.events)) types.add(type);
  return [...types];
}
