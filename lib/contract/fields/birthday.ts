// The birthday rule of the request schema: an ISO date, a calendar date, not before 1900, not in
// the future anywhere on Earth.
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Why a birthday is unacceptable, or null. `now` is the clock of the check. */
export function birthdayProblem(raw: string, now: Date = new Date()): string | null {
  const value = raw.trim();
  if (value === '') return null;
  const match = ISO_DATE.exec(value);
  if (match === null) return 'must be an ISO 8601 date in the form YYYY-MM-DD';
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1900) return 'must not be before 1900-01-01';
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    return 'is not a calendar date';
  }
  // UTC+14 reaches a new date first, so that date is already someone's today.
  const latest = new Date(now.getTime() + 14 * 3_600_000).toISOString().slice(0, 10);
  if (value > latest) return 'must not be in the future';
  return null;
}
