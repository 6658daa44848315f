// CSV for COPY ... FROM STDIN (FORMAT csv): an unquoted empty field is NULL, so empty strings
// are written as "" and any field with a comma, quote or line break is quoted with quotes doubled.
import { randomBytes } from 'node:crypto';

const NEEDS_QUOTES = /[",\r\n]/;

export type CsvValue = string | number | boolean | null | undefined;

export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (typeof value === 'number') return String(value);
  if (value === '') return '""';
  return NEEDS_QUOTES.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export function csvLine(values: readonly CsvValue[]): string {
  let line = '';
  for (let i = 0; i < values.length; i++) line += (i > 0 ? ',' : '') + csvField(values[i]);
  return `${line}\n`;
}

/** A Postgres text[] literal ({US,GB}); alpha-2 codes need no element quoting. */
export function pgTextArray(values: Iterable<string>): string {
  return `{${[...values].join(',')}}`;
}

export const iso = (ms: number): string => new Date(ms).toISOString();

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
// Digits and capitals only: they sort the same in byte order and in any locale's collation.
const ORDERED = '123456789ABCDEFGHJKLMNPQRSTUVWXYZ';
const TIME_DIGITS = 7;
let pool = Buffer.alloc(0);
let offset = 0;

function randomChars(count: number): string {
  let out = '';
  while (out.length < count) {
    if (offset >= pool.length) {
      pool = randomBytes(65_536);
      offset = 0;
    }
    const byte = pool[offset++] ?? 255;
    // Rejection sampling keeps every character equally likely.
    if (byte < 232) out += ALPHABET.charAt(byte % 58);
  }
  return out;
}

/** Seconds since 1970 in seven ORDERED characters (33^7 seconds last until the year 3320). */
function timePrefix(ms: number): string {
  let n = Math.floor(ms / 1000);
  let out = '';
  for (let i = 0; i < TIME_DIGITS; i++) {
    out = ORDERED.charAt(n % ORDERED.length) + out;
    n = Math.floor(n / ORDERED.length);
  }
  return out;
}

/**
 * `count` ids in the shape of newId (lib/ids/ids.ts: a prefix and 22 base58 characters), in
 * ascending order: seven characters of the current second, then 15 random ones (87 bits).
 * Ascending ids make a batch's index inserts land together at the right edge of each btree
 * instead of all over it, which is most of the cost of loading millions of rows.
 */
export function orderedIds(prefix: string, count: number, now = Date.now()): string[] {
  const head = `${prefix}_${timePrefix(now)}`;
  const ids: string[] = [];
  for (let i = 0; i < count; i++) ids.push(head + randomChars(22 - TIME_DIGITS));
  return ids.sort();
}
