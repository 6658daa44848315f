// Timestamps of ingested items (docs/api/ingestion.md): epoch milliseconds,
// an ISO 8601 date-time with or without a zone (UTC when absent), or a date (midnight UTC).
// Parsed by hand because Date.parse reads a zone-less date-time as server-local time and
// accepts many non-ISO forms.

/** Clocks drift; a little skew between the caller and us is not an error. */
export const MAX_FUTURE_SKEW_MS = 5 * 60_000;
/** The longest timestamp string read: the longest ISO form is 35 characters, with room for blanks. */
export const MAX_TIMESTAMP_LENGTH = 64;

/** Nothing the graph learns from predates this instant. */
export const EARLIEST_TIMESTAMP = new Date(Date.UTC(1990, 0, 1));

/**
 * How far back a sighting or a record that dates a fact may lie, counted from the server's
 * clock: older ones would let one tenant age anyone's first seen (and breaches, ports) at will.
 */
export const MAX_AGE_YEARS = 10;

/** The oldest instant a dated fact may carry at `now`: the same day and time MAX_AGE_YEARS earlier. */
export function oldestAllowed(now: Date): Date {
  const oldest = new Date(now);
  oldest.setUTCFullYear(oldest.getUTCFullYear() - MAX_AGE_YEARS);
  return oldest;
}

/**
 * `recent`: at most MAX_AGE_YEARS before now (sightings, breaches, carrier facts).
 * `historic`: back to EARLIEST_TIMESTAMP (a profile's creation date: a profile may truly be older).
 */
export type TimestampFloor = 'recent' | 'historic';

// Ahead of UTC by at most 14 hours (Kiribati): a date up to that far ahead is already someone's today.
const MAX_ZONE_AHEAD_MS = 14 * 3_600_000;

const ISO_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?(?:([Zz])|([+-])(\d{2})(?::?(\d{2}))?)?)?$/;

// Epoch seconds of 1990 to 2100, read as milliseconds, land in January 1970: a common mistake.
const EPOCH_SECONDS = { min: 631_152_000, max: 4_102_444_800 };

export type TimestampProblem = 'INVALID' | 'FUTURE_TIMESTAMP' | 'TIMESTAMP_OUT_OF_RANGE';

export type TimestampResult =
  | { ok: true; value: Date }
  | { ok: false; problem: TimestampProblem; message: string };

const invalid = (message: string): TimestampResult => ({ ok: false, problem: 'INVALID', message });

const EXPECTED =
  'an ISO 8601 date-time (2024-05-01T12:00:00Z; UTC when it has no zone), a date (2024-05-01) ' +
  'or epoch milliseconds (an integer)';

interface Parsed {
  date: Date;
  dateOnly: boolean;
}

/** The instant an ISO string names, or why it names none. Field values are never echoed. */
function parseIso(text: string): Parsed | string {
  const match = ISO_DATE_TIME.exec(text.trim());
  if (match === null) return `must be ${EXPECTED}`;
  // Without Z or an offset the time is UTC, as is a date's midnight: Z and no zone read alike.
  const [, year, month, day, hour, minute, second, fraction, _zulu, sign, offsetHour, offsetMinute] = match;
  const y = Number(year);
  const mo = Number(month);
  const d = Number(day);
  const dateOnly = hour === undefined;
  const h = Number(hour ?? 0);
  const mi = Number(minute ?? 0);
  const s = Number(second ?? 0);
  const ms = Number((fraction ?? '').padEnd(3, '0').slice(0, 3));
  const oh = Number(offsetHour ?? 0);
  const om = Number(offsetMinute ?? 0);
  if (h > 23 || mi > 59 || s > 59 || oh > 23 || om > 59) return 'is not a valid time of day or zone offset';
  // setUTCFullYear, unlike Date.UTC, does not map years 0-99 to 1900-1999.
  const date = new Date(0);
  date.setUTCFullYear(y, mo - 1, d);
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) {
    return 'is not a calendar date';
  }
  const offset = (sign === '-' ? -1 : 1) * (oh * 60 + om) * 60_000;
  date.setUTCHours(h, mi, s, ms);
  return { date: new Date(date.getTime() - offset), dateOnly };
}

function parseAny(raw: unknown): Parsed | string {
  if (typeof raw === 'string') {
    if (raw.length > MAX_TIMESTAMP_LENGTH) return `must be at most ${MAX_TIMESTAMP_LENGTH} characters`;
    if (/^\s*-?\d{9,}\s*$/.test(raw)) return 'epoch milliseconds must be a JSON number, not a string';
    return parseIso(raw);
  }
  if (typeof raw === 'number') {
    if (!Number.isSafeInteger(raw)) return 'epoch milliseconds must be an integer';
    return { date: new Date(raw), dateOnly: false };
  }
  // Internal callers (the Verify path) may hand over a Date.
  if (raw instanceof Date) {
    return Number.isNaN(raw.getTime()) ? 'is not a valid date' : { date: new Date(raw), dateOnly: false };
  }
  return `must be ${EXPECTED}`;
}

/** A number in the range of epoch seconds, too old as milliseconds: say what was likely meant. */
const secondsHint = (raw: unknown): string =>
  typeof raw === 'number' && raw >= EPOCH_SECONDS.min && raw <= EPOCH_SECONDS.max
    ? '; it looks like epoch seconds, send milliseconds'
    : '';

/**
 * Parses a timestamp and checks it lies between its floor (10 years before `now`, or 1990-01-01
 * for `historic`) and `now` plus clock skew.
 */
export function parseTimestamp(raw: unknown, now: Date, floor: TimestampFloor = 'recent'): TimestampResult {
  const parsed = parseAny(raw);
  if (typeof parsed === 'string') return invalid(parsed);
  const { date, dateOnly } = parsed;
  if (floor === 'recent' && date.getTime() < oldestAllowed(now).getTime()) {
    return {
      ok: false,
      problem: 'TIMESTAMP_OUT_OF_RANGE',
      message: `must not be more than ${MAX_AGE_YEARS} years before the server time (${now.toISOString()})${secondsHint(raw)}`,
    };
  }
  if (date.getTime() < EARLIEST_TIMESTAMP.getTime()) {
    return {
      ok: false,
      problem: 'TIMESTAMP_OUT_OF_RANGE',
      message: `must not be before 1990-01-01T00:00:00Z${secondsHint(raw)}`,
    };
  }
  const future = dateOnly
    ? date.getTime() > now.getTime() + MAX_ZONE_AHEAD_MS
    : date.getTime() > now.getTime() + MAX_FUTURE_SKEW_MS;
  if (future) {
    const what = dateOnly ? 'is a date in the future' : 'is more than 5 minutes in the future';
    return {
      ok: false,
      problem: 'FUTURE_TIMESTAMP',
      message: `${what} (server time ${now.toISOString()})`,
    };
  }
  return { ok: true, value: date };
}
