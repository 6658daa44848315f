import 'server-only';
import { type SQL, sql } from 'drizzle-orm';
import type { IntervalSummary, Series, SeriesBucket } from '@/lib/contract/console/patterns';
import type { Executor } from '@/lib/db/client';
import { executePrepared } from '@/lib/db/prepared';
import { INTERVAL_MS } from '@/lib/engine/intervals';
import { ceilHour, seriesLayout } from '@/lib/engine/timeseries';
import type { PatternInterval } from '@/lib/engine/types';
import { FULL_VIEW, type GraphView, visibleWorkspace } from './view';

const param = (values: unknown[]) => sql.param(values);

/**
 * Observations, distinct sources and per-type counts of each identifier over the trailing
 * window: whole hours from the rollups, the partial first hour from raw observations, so the
 * window edge is exact to the millisecond and a year of a busy email reads ≤ 8,760 hours.
 */
export async function intervalSummaries(
  db: Executor,
  identifierIds: string[],
  interval: PatternInterval,
  now: Date,
  view: GraphView = FULL_VIEW,
): Promise<Map<string, IntervalSummary>> {
  const visible = visibleWorkspace(view, sql`workspace_id`);
  const result = new Map<string, IntervalSummary>();
  if (identifierIds.length === 0) return result;
  const since = now.getTime() - INTERVAL_MS[interval];
  const boundary = new Date(ceilHour(since)).toISOString();
  const sinceIso = new Date(since).toISOString();
  const nowIso = now.toISOString();
  const rows = await executePrepared<{
    identifier_id: string;
    type: string | null;
    observations: number;
    sources: number;
  }>(
    db,
    sql`
    with windowed as (
      select identifier_id, type, source, count as n from observation_rollups
      where identifier_id = any(${param(identifierIds)}::text[]) and hour >= ${boundary}::timestamptz
        and hour <= ${nowIso}::timestamptz${visible}
      union all
      select identifier_id, type, source, count(*)::int from observations
      where identifier_id = any(${param(identifierIds)}::text[]) and observed_at >= ${sinceIso}::timestamptz
        and observed_at < ${boundary}::timestamptz${visible}
      group by identifier_id, type, source)
    select identifier_id, type, sum(n)::int as observations, count(distinct source)::int as sources
    from windowed group by grouping sets ((identifier_id, type), (identifier_id))`,
  );
  for (const row of rows.rows) {
    const entry = result.get(row.identifier_id) ?? { observations: 0, sources: 0 };
    if (row.type === null) {
      entry.observations = row.observations;
      entry.sources = row.sources;
    } else {
      entry.events = [
        ...(entry.events ?? []),
        { type: row.type, observations: row.observations, sources: row.sources },
      ];
      entry.events.sort((a, b) => b.observations - a.observations || a.type.localeCompare(b.type));
    }
    result.set(row.identifier_id, entry);
  }
  return result;
}

/** Evenly sized buckets over the window (the data behind a sparkline), by event type. */
export async function timeSeries(
  db: Executor,
  identifierId: string,
  interval: PatternInterval,
  now: Date,
  view: GraphView = FULL_VIEW,
): Promise<Series> {
  const visible = visibleWorkspace(view, sql`workspace_id`);
  const layout = seriesLayout(interval, now.getTime());
  const since = new Date(layout.sinceMs).toISOString();
  const boundary = new Date(ceilHour(layout.sinceMs)).toISOString();
  const nowIso = now.toISOString();
  const bucketOf = (column: SQL) =>
    sql`floor((extract(epoch from ${column}) * 1000 - ${layout.startMs}) / ${layout.bucketMs})::int`;
  // Minute buckets need raw rows; wider ones read whole hours from the rollups and only the
  // window's partial first hour from raw rows, like the summaries.
  const rows = layout.raw
    ? await db.execute<{ bucket: number; type: string; n: number }>(sql`
        select ${bucketOf(sql`observed_at`)} as bucket, type, count(*)::int as n
        from observations where identifier_id = ${identifierId}
          and observed_at >= ${since}::timestamptz and observed_at <= ${nowIso}::timestamptz${visible}
        group by 1, 2`)
    : await db.execute<{ bucket: number; type: string; n: number }>(sql`
        select bucket, type, sum(n)::int as n from (
          select ${bucketOf(sql`hour`)} as bucket, type, count as n from observation_rollups
          where identifier_id = ${identifierId} and hour >= ${boundary}::timestamptz and hour <= ${nowIso}::timestamptz${visible}
          union all
          select ${bucketOf(sql`observed_at`)} as bucket, type, 1 as n from observations
          where identifier_id = ${identifierId} and observed_at >= ${since}::timestamptz
            and observed_at < ${boundary}::timestamptz${visible}
        ) windowed group by 1, 2`);
  const buckets: SeriesBucket[] = Array.from({ length: layout.buckets }, (_, i) => ({
    startMs: layout.startMs + i * layout.bucketMs,
    observations: 0,
    events: {},
  }));
  for (const row of rows.rows) {
    const bucket = buckets[row.bucket];
    if (!bucket) continue;
    bucket.observations += row.n;
    bucket.events[row.type] = (bucket.events[row.type] ?? 0) + row.n;
  }
  return { interval, bucketMs: layout.bucketMs, buckets };
}
