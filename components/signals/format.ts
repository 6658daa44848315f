import type { PatternInterval } from './signals-types';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const INTERVAL_LABELS: Record<PatternInterval, string> = {
  hour: 'Last hour',
  day: 'Last 24 hours',
  week: 'Last 7 days',
  month: 'Last 30 days',
  '6month': 'Last 6 months',
  year: 'Last 12 months',
};

const integer = new Intl.NumberFormat();

export function formatCount(value: number): string {
  return integer.format(value);
}

export function formatPercent(fraction: number): string {
  return `${Math.round(fraction * 100)}%`;
}

export function plural(count: number, one: string, many = `${one}s`): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}

const clock = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });
const dayHour = new Intl.DateTimeFormat(undefined, {
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const dayOnly = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', year: 'numeric' });

/** A bucket as a person reads it: a minute, an hour, a span of hours, a day or a week. */
export function formatBucket(startMs: number, bucketMs: number): string {
  if (bucketMs <= MINUTE) return clock.format(startMs);
  if (bucketMs <= HOUR) return dayHour.format(startMs);
  if (bucketMs < DAY) return `${dayHour.format(startMs)} – ${clock.format(startMs + bucketMs)}`;
  if (bucketMs === DAY) return dayOnly.format(startMs);
  return `Week of ${dayOnly.format(startMs)}`;
}

/** A hash shortened for reading; the full value stays in titles and copy buttons. */
export function shortHash(hash: string): string {
  return hash.length > 16 ? `${hash.slice(0, 10)}…${hash.slice(-6)}` : hash;
}
