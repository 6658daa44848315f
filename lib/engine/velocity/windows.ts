// The four velocity windows, measured in whole buckets so that a read sums a bounded number of
// counter rows: hourly buckets for the last hour and day, UTC-day buckets for the week and 30
// days. A window so starts up to one bucket earlier than its length says (the last hour is the
// current and the previous clock hour): it never misses a pairing, it may count one a little older.
import type { VelocityWindow } from './facts';

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

/** The hourly bucket or the UTC day bucket a moment falls in. */
export const hourBucket = (ms: number): number => Math.floor(ms / HOUR_MS) * HOUR_MS;
export const dayBucket = (ms: number): number => Math.floor(ms / DAY_MS) * DAY_MS;

/** The bucket width each window sums: hours for the hour and day, days for the week and 30 days. */
export const WINDOW_SPAN: Readonly<Record<VelocityWindow, 'hour' | 'day'>> = {
  hour: 'hour',
  day: 'hour',
  week: 'day',
  month: 'day',
};

/** The first bucket each window sums, in epoch milliseconds. */
export function windowStarts(now: Date): Record<VelocityWindow, number> {
  const ms = now.getTime();
  return {
    hour: hourBucket(ms - HOUR_MS),
    day: hourBucket(ms - DAY_MS),
    week: dayBucket(ms - 7 * DAY_MS),
    month: dayBucket(ms - 30 * DAY_MS),
  };
}

/** The windows a pairing first made at `firstMs` is counted in, as the bucket sums count it. */
export function windowsOf(firstMs: number, now: Date): VelocityWindow[] {
  const starts = windowStarts(now);
  const bucketOf = { hour: hourBucket(firstMs), day: dayBucket(firstMs) };
  return (Object.keys(starts) as VelocityWindow[]).filter(
    (window) => bucketOf[WINDOW_SPAN[window]] >= starts[window],
  );
}
