// Ages of graph facts, as the check vocabulary counts them and as descriptions print them.

export const DAY_MS = 86_400_000;
/** "30 days" and "a month" of the check states (docs/checks.md) are the same span. */
export const MONTH_MS = 30 * DAY_MS;
export const YEAR_MS = 365.25 * DAY_MS;

/** The UTC calendar day of an instant: 2024-05-01. */
export function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** A span in the largest unit that keeps it readable: "12 days", "7 months", "4 years". */
export function span(ms: number): string {
  const days = Math.floor(Math.max(0, ms) / DAY_MS);
  if (days < 1) return 'less than a day';
  if (days < 60) return plural(days, 'day');
  if (ms < 2 * YEAR_MS) return plural(Math.floor(ms / (YEAR_MS / 12)), 'month');
  return plural(Math.floor(ms / YEAR_MS), 'year');
}

/** "2024-05-01 (7 months ago)". */
export function dated(ms: number, nowMs: number): string {
  return `${isoDay(ms)} (${span(nowMs - ms)} ago)`;
}

/** Whole years from a YYYY-MM-DD birthday to an instant (negative before birth). */
export function ageAt(birthday: string, ms: number): number {
  const born = new Date(`${birthday}T00:00:00Z`);
  const at = new Date(ms);
  let years = at.getUTCFullYear() - born.getUTCFullYear();
  const beforeBirthday =
    at.getUTCMonth() < born.getUTCMonth() ||
    (at.getUTCMonth() === born.getUTCMonth() && at.getUTCDate() < born.getUTCDate());
  if (beforeBirthday) years--;
  return years;
}
