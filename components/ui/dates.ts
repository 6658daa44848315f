// How the console writes a moment, in one place (issue 31 item 9: three date formats): a date and
// time ("Nov 28, 2026, 12:00 PM"), a calendar date ("Nov 28, 2026") and how long ago ("3 days
// ago"), in the reader's locale and time zone. Every view imports these; none formats its own.

export type Moment = string | number | Date;

const ms = (moment: Moment): number =>
  moment instanceof Date ? moment.getTime() : new Date(moment).getTime();

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const date = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
// Calendar dates stored at UTC midnight (a list's publication): the day as published, not shifted.
const calendarDate = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });
const relative = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });

export function formatDateTime(moment: Moment): string {
  return dateTime.format(ms(moment));
}

export function formatDate(moment: Moment): string {
  return date.format(ms(moment));
}

/** A day stored as UTC midnight, written as that day wherever the reader is. */
export function formatCalendarDate(moment: Moment): string {
  return calendarDate.format(ms(moment));
}

const SECOND = 1000;
const UNITS: readonly (readonly [Intl.RelativeTimeFormatUnit, number])[] = [
  ['year', 365 * 86_400 * SECOND],
  ['month', 30 * 86_400 * SECOND],
  ['week', 7 * 86_400 * SECOND],
  ['day', 86_400 * SECOND],
  ['hour', 3_600 * SECOND],
  ['minute', 60 * SECOND],
];

/** "just now", "3 minutes ago", "yesterday", "in 2 hours": the largest unit that fits. */
export function formatRelative(moment: Moment, nowMs: number = Date.now()): string {
  const diff = ms(moment) - nowMs;
  if (Math.abs(diff) < 45 * SECOND) return 'just now';
  for (const [unit, size] of UNITS) {
    if (Math.abs(diff) >= size) return relative.format(Math.round(diff / size), unit);
  }
  return relative.format(Math.round(diff / (60 * SECOND)), 'minute');
}
