import { INTERVAL_MS } from './intervals';
import type { PatternInterval } from './types';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export interface SeriesLayout {
  /** Bucket width in ms. */
  bucketMs: number;
  buckets: number;
  /** Start of the first bucket (aligned to the bucket width in UTC; may precede the window). */
  startMs: number;
  /** The window itself: only observations in [sinceMs, nowMs] are counted. */
  sinceMs: number;
  /** Whether the buckets are narrower than the hourly rollups (then raw observations are read). */
  raw: boolean;
}

const WIDTHS: Record<PatternInterval, number> = {
  hour: MINUTE,
  day: HOUR,
  week: 6 * HOUR,
  month: DAY,
  '6month': 7 * DAY,
  year: 7 * DAY,
};

/**
 * Evenly sized buckets, aligned to UTC multiples of their width (so hourly rollups fall wholly
 * inside one), from the one holding the window's start to the one holding `now`: the first and
 * last are partial, and together they count exactly what the interval's summary counts.
 */
export function seriesLayout(interval: PatternInterval, nowMs: number): SeriesLayout {
  const bucketMs = WIDTHS[interval];
  const sinceMs = nowMs - INTERVAL_MS[interval];
  const startMs = Math.floor(sinceMs / bucketMs) * bucketMs;
  const buckets = Math.floor(nowMs / bucketMs) - Math.floor(sinceMs / bucketMs) + 1;
  return { bucketMs, buckets, startMs, sinceMs, raw: bucketMs < HOUR };
}

/** The first whole hour at or after `ms`: summaries read raw rows before it, rollups from it. */
export function ceilHour(ms: number): number {
  return Math.ceil(ms / HOUR) * HOUR;
}
