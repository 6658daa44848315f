import type { PatternInterval } from './types';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export interface SeriesLayout {
  /** Bucket width in ms. */
  bucketMs: number;
  buckets: number;
  /** Start of the first bucket (aligned to the bucket width in UTC). */
  startMs: number;
  /** Whether the buckets are narrower than the hourly rollups (then raw observations are read). */
  raw: boolean;
}

const SHAPES: Record<PatternInterval, { bucketMs: number; buckets: number }> = {
  hour: { bucketMs: MINUTE, buckets: 60 },
  day: { bucketMs: HOUR, buckets: 24 },
  week: { bucketMs: 6 * HOUR, buckets: 28 },
  month: { bucketMs: DAY, buckets: 30 },
  '6month': { bucketMs: 7 * DAY, buckets: 26 },
  year: { bucketMs: 7 * DAY, buckets: 52 },
};

/**
 * Evenly sized buckets covering the trailing window, the last one holding `now`. Buckets align
 * to UTC multiples of their width so that hourly rollups fall wholly inside one bucket.
 */
export function seriesLayout(interval: PatternInterval, nowMs: number): SeriesLayout {
  const { bucketMs, buckets } = SHAPES[interval];
  const lastStart = Math.floor(nowMs / bucketMs) * bucketMs;
  return { bucketMs, buckets, startMs: lastStart - (buckets - 1) * bucketMs, raw: bucketMs < HOUR };
}

/** The first whole hour at or after `ms`: summaries read raw rows before it, rollups from it. */
export function ceilHour(ms: number): number {
  return Math.ceil(ms / HOUR) * HOUR;
}
