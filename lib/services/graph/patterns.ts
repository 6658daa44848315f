import 'server-only';
import { type SQL, sql } from 'drizzle-orm';
import type { IntervalSummary, Series, SeriesBucket } from '@/lib/contract/console/patterns';
import type { Executor } from '@/lib/db/client';
import { executePrepared } from '@/lib/db/prepared';
import { type SourceCount, summarizeCounts } from '@/lib/engine/interval-summary';
import { INTERVAL_MS } from '@/lib/engine/intervals';
import { ceilHour, seriesLayout } from '@/lib/engine/timeseries';
import type { PatternInterval } from '@/lib/engine/types';
import type { SummaryCache } from './summary-cache';
import { FULL_VIEW, type GraphView, visibleWorkspace } from './view';

const param = (values: unknown[]) => sql.param(values);
const HOUR_MS = 3_600_000;

type CountRow = { identifier_id: string; type: string; source: string; n: number };

/** What a view hides, as part of a cache key: views that see the same see the same counts. */
const viewKey = (view: GraphView) => (view.all ? '*' : view.hidden.join(','));

/** Rollup hours in [from, to) plus raw observations in [since, boundary), by identifier, type and source. */
function countsQuery(
  ids: string[],
  hours: { from: string; to: string; toInclusive: boolean },
  raw: { since: string; boundary: string } | null,
  view: GraphView,
) {
  const visible = visibleWorkspace(view, sql`workspace_id`);
  const upper = hours.toInclusive
    ? sql`hour <= ${hours.to}::timestamptz`
    : sql`hour < ${hours.to}::timestamptz`;
  const rawPart = raw
    ? sql`
      union all
      select identifier_id, type, source, count(*)::int from observations
      where identifier_id = any(${param(ids)}::text[]) and observed_at >= ${raw.since}::timestamptz
        and observed_at < ${raw.boundary}::timestamptz${visible}
      group by identifier_id, type, source`
    : sql``;
  return sql`
    select identifier_id, type, source, sum(n)::int as n from (
      select identifier_id, type, source, count as n from observation_rollups
      where identifier_id = any(${param(ids)}::text[]) and hour >= ${hours.from}::timestamptz
        and ${upper}${visible}${rawPart}) windowed
    group by identifier_id, type, source`;
}

function byIdentifier(rows: CountRow[]): Map<string, SourceCount[]> {
  const grouped = new Map<string, SourceCount[]>();
  for (const { identifier_id, type, source, n } of rows) {
    const list = grouped.get(identifier_id) ?? [];
    list.push({ type, source, n });
    grouped.set(identifier_id, list);
  }
  return grouped;
}

/**
 * Observations, distinct sources and per-type counts of each identifier over the trailing
 * window: whole hours from the rollups, the partial first hour from raw observations, so the
 * window edge is exact to the millisecond and a year of a busy email reads ≤ 8,760 hours.
 * With a cache, the hours that ended more than an hour ago come from it (read once an hour for
 * a hot identifier) and only the last two hours and the partial first hour are read each time.
 */
export async function intervalSummaries(
  db: Executor,
  identifierIds: string[],
  interval: PatternInterval,
  now: Date,
  view: GraphView = FULL_VIEW,
  cache: SummaryCache | null = null,
): Promise<Map<string, IntervalSummary>> {
  const result = new Map<string, IntervalSummary>();
  if (identifierIds.length === 0) return result;
  const since = now.getTime() - INTERVAL_MS[interval];
  const boundaryMs = ceilHour(since);
  const iso = (ms: number) => new Date(ms).toISOString();
  const raw = { since: iso(since), boundary: iso(boundaryMs) };
  // Hours before `settled` are no longer written by live calls (the cache's part of the window).
  const settled = Math.floor(now.getTime() / HOUR_MS) * HOUR_MS - HOUR_MS;
  const counts = new Map<string, SourceCount[]>();
  if (!cache || settled <= boundaryMs) {
    const rows = await executePrepared<CountRow>(
      db,
      countsQuery(identifierIds, { from: raw.boundary, to: now.toISOString(), toInclusive: true }, raw, view),
    );
    for (const [id, list] of byIdentifier(rows.rows)) counts.set(id, list);
  } else {
    const part = `${viewKey(view)}|${boundaryMs}|${settled}`;
    const missing = identifierIds.filter((id) => {
      const kept = cache.read(id, part);
      if (kept) counts.set(id, [...kept]);
      return !kept;
    });
    const epoch = cache.epoch;
    const [settledRows, liveRows] = await Promise.all([
      missing.length === 0
        ? { rows: [] as CountRow[] }
        : executePrepared<CountRow>(
            db,
            countsQuery(missing, { from: raw.boundary, to: iso(settled), toInclusive: false }, null, view),
          ),
      executePrepared<CountRow>(
        db,
        countsQuery(
          identifierIds,
          { from: iso(settled), to: now.toISOString(), toInclusive: true },
          raw,
          view,
        ),
      ),
    ]);
    const read = byIdentifier(settledRows.rows);
    for (const id of missing) {
      const list = read.get(id) ?? [];
      cache.store(id, part, list, epoch);
      counts.set(id, [...list]);
    }
    for (const [id, list] of byIdentifier(liveRows.rows))
      counts.set(id, [...(counts.get(id) ?? []), ...list]);
  }
  for (const [id, list] of counts) {
    const summary = summarizeCounts(list);
    if (summary) result.set(id, summary);
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
