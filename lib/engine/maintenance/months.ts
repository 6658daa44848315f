// Calendar months in UTC, for the monthly partitions of observations.

/**
 * A year's pattern window plus the month it starts in: the shortest retention of raw sightings
 * the summaries allow (they read raw rows for the window's first, partial hour).
 */
export const MIN_RETENTION_MONTHS = 13;
/** Two years before the current month, unless OBSERVATION_RETENTION_MONTHS says otherwise. */
export const DEFAULT_RETENTION_MONTHS = 25;

/** Midnight UTC on the first day of `at`'s month. */
export function startOfMonthUtc(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
}

/** The first day of the month `months` before `monthStart`'s (after it when negative). */
export function monthsBefore(monthStart: Date, months: number): Date {
  return new Date(Date.UTC(monthStart.getUTCFullYear(), monthStart.getUTCMonth() - months, 1));
}

/** `2026_11`: how a month's partition is named (observations_2026_11). */
export function partitionMonth(monthStart: Date): string {
  return `${monthStart.getUTCFullYear()}_${String(monthStart.getUTCMonth() + 1).padStart(2, '0')}`;
}
