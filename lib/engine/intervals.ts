import type { PatternInterval } from './types';

export { PATTERN_INTERVALS } from '@/lib/contract/intervals';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Trailing window lengths of the pattern summaries (docs/api/signals.md; 6 months = 182 days, year = 365). */
export const INTERVAL_MS: Record<PatternInterval, number> = {
  hour: HOUR,
  day: DAY,
  week: 7 * DAY,
  month: 30 * DAY,
  '6month': 182 * DAY,
  year: 365 * DAY,
};
