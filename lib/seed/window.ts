// A person's active years: when they were first and last seen, by the EMAIL_FIRST_SEEN and
// EMAIL_LAST_SEEN bands the seed should cover.
import type { Rng } from './prng';
import { DAY_MS, YEAR_MS } from './schedule';

export type FirstBand = 'new' | 'recent' | 'older' | 'long-ago';
export type LastBand = 'recent' | 'older' | 'long-ago';

export interface ActiveWindow {
  start: number;
  end: number;
}

function firstAgo(rng: Rng, band: FirstBand): number {
  switch (band) {
    case 'new':
      return rng.between(2, 28) * DAY_MS;
    case 'recent':
      return rng.between(35, 360) * DAY_MS;
    case 'older':
      return rng.between(1.05, 4.95) * YEAR_MS;
    case 'long-ago':
      return rng.between(5.1, 11) * YEAR_MS;
  }
}

function lastAgo(rng: Rng, band: LastBand): number {
  switch (band) {
    case 'recent':
      // Most people were around this month; some not for a while.
      return rng.chance(0.8) ? rng.between(0, 20) * DAY_MS : rng.between(20, 350) * DAY_MS;
    case 'older':
      return rng.between(1.05, 4.5) * YEAR_MS;
    case 'long-ago':
      return rng.between(5.1, 7) * YEAR_MS;
  }
}

/**
 * Bands that contradict each other are reconciled (someone last seen long ago was also first
 * seen long ago). `earliest` is when the person turned 13, unless the seed wants it broken.
 */
export function activeWindow(
  rng: Rng,
  now: number,
  want: { first?: FirstBand; last?: LastBand },
  earliest: number,
): ActiveWindow {
  let first: FirstBand =
    want.first ??
    rng.weighted<FirstBand>([
      ['new', 2],
      ['recent', 10],
      ['older', 58],
      ['long-ago', 30],
    ]);
  const young = first === 'new' || first === 'recent';
  const last: LastBand =
    want.last ??
    (young
      ? 'recent'
      : rng.weighted<LastBand>([
          ['recent', 85],
          ['older', 11],
          ['long-ago', first === 'long-ago' ? 4 : 0],
        ]));
  // Someone gone for years was around for years before.
  if (want.last === 'older' || want.last === 'long-ago' || (last !== 'recent' && young)) first = 'long-ago';
  const lastMs = lastAgo(rng, last);
  let firstMs = firstAgo(rng, first);
  if (firstMs <= lastMs) {
    firstMs = last === 'recent' && young ? firstMs : lastMs + rng.between(0.2, 4) * YEAR_MS;
  }
  // A young window ends inside itself: last seen between the first day and now.
  const endMs = firstMs <= lastMs ? rng.between(0, 0.9) * firstMs : lastMs;
  let start = now - firstMs;
  const end = now - endMs;
  if (start < earliest && !want.first)
    start = Math.min(end - DAY_MS, earliest + rng.between(0, 365) * DAY_MS);
  return { start: Math.floor(start), end: Math.floor(end) };
}
