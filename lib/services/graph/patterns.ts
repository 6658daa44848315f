import 'server-only';
import { type SQL, sql } from 'drizzle-orm';
import type { IntervalSummary, Series, SeriesBucket } from '@/lib/contract/console/patterns';
import type { Executor } from '@/lib/db/client';
import { executePrepared } from '@/lib/db/prepared';
import { type SourceCount, summarizeCounts } from '@/lib/engine/interval-summary';
import { INTERVAL_MS } from '@/lib/engine/intervals';
import { ceilHour, seriesLayout } from '@/lib/engine/timeseries';
import type { PatternInterval } from '@/lib/engine/types';
import type { BucketCount, SummaryCache } from './summary-cache';
import { FULL_VIEW, type GraphView, visibleWorkspace } from './view';

const param = (values: unknown[]) => sql.param(values);
const HOUR_MS = 3_600_000;

type CountRow = { identifier_id: string; type: string; source: string; n: number };

/** What a view hides, as part of a cache key: views that see the same see the same counts. */
const viewKey = (view: GraphView) => (view.all ? '*' : view.hidden.join(','));

interface HourRange {
  from: string;
  to: string;
  toInclusive: boolean;
}
interface RawRange {
  since: string;
  boundary: string;
}

/** The rollups' hours in [from, to), or [from, to] when asked. */
const hoursIn = (hours: HourRange) =>
  sql`hour >= ${hours.from}::timestamptz and ${
    hours.toInclusive ? sql`hour <= ${hours.to}::timestamptz` : sql`hour < ${hours.to}::timestamptz`
  }`;

/** Hours before this one are no longer written by live calls: the caches' part of a window. */
const settledBefore = (now: Date) => Math.floor(now.getTime() / HOUR_MS) * HOUR_MS - HOUR_MS;

/** The start (UTC ms) of the bucket of width `bucketMs` holding a time column's value. */
const bucketStart = (column: SQL, bucketMs: number) =>
  sql`(floor(extract(epoch from ${column}) * 1000 / ${bucketMs}) * ${bucketMs})::float8`;

/** Raw sightings in [since, boundary): the window's partial first hour. */
const rawIn = (raw: RawRange) =>
  sql`observed_at >= ${raw.since}::timestamptz and observed_at < ${raw.boundary}::timestamptz`;

/** Rollup hours in [from, to) plus raw observations in [since, boundary), by identifier, type and source. */
function countsQuery(ids: string[], hours: HourRange, raw: RawRange | null, view: GraphView) {
  const visible = visibleWorkspace(view, sql`workspace_id`);
  const rawPart = raw
    ? sql`
      union all
      select identifier_id, type, source, count(*)::int from observations
      where identifier_id = any(${param(ids)}::text[]) and ${rawIn(raw)}${visible}
      group by identifier_id, type, source`
    : sql``;
  return sql`
    select identifier_id, type, source, sum(n)::int as n from (
      select identifier_id, type, source, count as n from observation_rollups
      where identifier_id = any(${param(ids)}::text[]) and ${hoursIn(hours)}${visible}${rawPart}) windowed
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
  const settled = settledBefore(now);
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

/** Rollup hours plus raw observations in [since, boundary), by bucket start (UTC ms) and type. */
function bucketsQuery(
  identifierId: string,
  bucketMs: number,
  hours: HourRange,
  raw: RawRange | null,
  view: GraphView,
) {
  const visible = visibleWorkspace(view, sql`workspace_id`);
  const rawPart = raw
    ? sql`
      union all
      select ${bucketStart(sql`observed_at`, bucketMs)}, type, 1 from observations
      where identifier_id = ${identifierId} and ${rawIn(raw)}${visible}`
    : sql``;
  return sql`
    select start as "startMs", type, sum(n)::int as n from (
      select ${bucketStart(sql`hour`, bucketMs)} as start, type, count as n from observation_rollups
      where identifier_id = ${identifierId} and ${hoursIn(hours)}${visible}${rawPart}
    ) windowed group by 1, 2`;
}

/**
 * Evenly sized buckets over the window (the data behind a sparkline), by event type. Minute
 * buckets read raw rows; wider ones read whole hours from the rollups and only the window's
 * partial first hour from raw rows, like the summaries. With a cache, the hours that ended more
 * than an hour ago come from it (buckets are aligned to UTC multiples of their width, so a
 * settled hour's bucket start does not move while the part's key holds).
 */
export async function timeSeries(
  db: Executor,
  identifierId: string,
  interval: PatternInterval,
  now: Date,
  view: GraphView = FULL_VIEW,
  cache: SummaryCache<BucketCount> | null = null,
): Promise<Series> {
  const layout = seriesLayout(interval, now.getTime());
  const iso = (ms: number) => new Date(ms).toISOString();
  const since = iso(layout.sinceMs);
  const boundaryMs = ceilHour(layout.sinceMs);
  const nowIso = now.toISOString();
  const settled = settledBefore(now);
  let rows: BucketCount[];
  if (layout.raw) {
    const visible = visibleWorkspace(view, sql`workspace_id`);
    const read = await db.execute<BucketCount>(sql`
        select ${bucketStart(sql`observed_at`, layout.bucketMs)} as "startMs", type, count(*)::int as n
        from observations where identifier_id = ${identifierId}
          and observed_at >= ${since}::timestamptz and observed_at <= ${nowIso}::timestamptz${visible}
        group by 1, 2`);
    rows = read.rows;
  } else {
    const firstHour = { since, boundary: iso(boundaryMs) };
    const bucketed = (hours: HourRange, raw: RawRange | null) =>
      db.execute<BucketCount>(bucketsQuery(identifierId, layout.bucketMs, hours, raw, view));
    if (!cache || settled <= boundaryMs) {
      rows = (await bucketed({ from: iso(boundaryMs), to: nowIso, toInclusive: true }, firstHour)).rows;
    } else {
      const part = `${viewKey(view)}|${layout.bucketMs}|${boundaryMs}|${settled}`;
      const kept = cache.read(identifierId, part);
      const epoch = cache.epoch;
      const [settledRows, liveRows] = await Promise.all([
        kept
          ? { rows: kept }
          : bucketed({ from: iso(boundaryMs), to: iso(settled), toInclusive: false }, null),
        bucketed({ from: iso(settled), to: nowIso, toInclusive: true }, firstHour),
      ]);
      if (!kept) cache.store(identifierId, part, settledRows.rows, epoch);
      rows = [...settledRows.rows, ...liveRows.rows];
    }
  }
  const buckets: SeriesBucket[] = Array.from({ length: layout.buckets }, (_, i) => ({
    startMs: layout.startMs + i * layout.bucketMs,
    observations: 0,
    events: {},
  }));
  for (const row of rows) {
    const bucket = buckets[Math.round((row.startMs - layout.startMs) / layout.bucketMs)];
    if (!bucket) continue;
    bucket.observations += row.n;
    bucket.events[row.type] = (bucket.events[row.type] ?? 0) + row.n;
  }
  return { interval, bucketMs: layout.bucketMs, buckets };
}
