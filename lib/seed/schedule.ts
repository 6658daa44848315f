// When seeded people are active: daily and weekly rhythms in their own time zone, and a long
// tail of event counts (most people a handful to tens of events, a few thousands).
import type { Rng } from './prng';

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
export const YEAR_MS = 365.25 * DAY_MS;

/** Relative activity per local hour: quiet at night, a morning rise, an evening peak. */
const HOUR_WEIGHTS = [
  0.25, 0.15, 0.08, 0.05, 0.05, 0.08, 0.2, 0.45, 0.7, 0.85, 0.9, 0.95, 1.0, 0.95, 0.9, 0.9, 0.9, 0.95, 1.05,
  1.15, 1.2, 1.1, 0.8, 0.45,
];

/** Chance of keeping a draw per weekday (0 = Sunday): less at weekends. */
const WEEKDAY_KEEP = [0.55, 1.0, 0.97, 0.95, 0.95, 0.9, 0.6];

const HOUR_CDF = (() => {
  const total = HOUR_WEIGHTS.reduce((a, b) => a + b, 0);
  let sum = 0;
  return HOUR_WEIGHTS.map((w) => {
    sum += w / total;
    return sum;
  });
})();

function localHour(rng: Rng): number {
  const roll = rng.next();
  const hour = HOUR_CDF.findIndex((edge) => roll < edge);
  return hour === -1 ? 23 : hour;
}

/** One instant in [from, to] following the daily and weekly rhythm of someone at `utcOffset`. */
export function eventTime(rng: Rng, from: number, to: number, utcOffset: number): number {
  if (to - from < DAY_MS) return rng.between(from, to);
  const offset = utcOffset * HOUR_MS;
  for (let attempt = 0; attempt < 16; attempt++) {
    const day = Math.floor((rng.between(from, to) + offset) / DAY_MS);
    // 1970-01-01 was a Thursday.
    if (rng.next() >= (WEEKDAY_KEEP[(day + 4) % 7] ?? 1)) continue;
    const at = Math.floor(day * DAY_MS + (localHour(rng) + rng.next()) * HOUR_MS - offset);
    if (at >= from && at <= to) return at;
  }
  return Math.floor(rng.between(from, to));
}

/**
 * `at` moved to a likely hour of the same local day (and off a weekend day, mostly): for the
 * first and last events of a person, whose days are drawn without the rhythm. Never past `max`.
 */
export function onRhythm(rng: Rng, at: number, utcOffset: number, max: number): number {
  const offset = utcOffset * HOUR_MS;
  let day = Math.floor((at + offset) / DAY_MS);
  const weekday = (day + 4) % 7;
  if (rng.next() >= (WEEKDAY_KEEP[weekday] ?? 1)) day += weekday === 6 ? -1 : 1;
  const moved = Math.floor(day * DAY_MS + (localHour(rng) + rng.next()) * HOUR_MS - offset);
  return moved <= max ? moved : at;
}

/** How many everyday events a person has: log-normal around 4 (tens at most), or a power user's hundreds to thousands. */
export function eventCount(rng: Rng, powerUser: boolean): number {
  if (powerUser) return rng.int(300, 3000);
  return Math.max(1, Math.min(250, Math.round(rng.logNormal(4, 0.9))));
}
