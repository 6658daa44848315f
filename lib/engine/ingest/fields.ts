// Helpers shared by the event and record parsers: splitting an item into its own fields and the
// identifiers, validating own fields, and running the identifiers through the request parser.
// Messages name the field and the rule, never the value (it may be personal data).

import { withoutControls } from '@/lib/contract/fields/controls';
import { isCountryCode } from '@/lib/contract/fields/location';
import { unstorableMessage, unstorableStrings } from '@/lib/contract/fields/storable';
import { MAX_COUNT } from '@/lib/contract/limits';
import { parseIdentifierFields } from '../request';
import type { FieldError, NormalizedRequest } from '../types';
import { parseTimestamp, type TimestampFloor } from './timestamp';
import type { ItemResult } from './types';

export type JsonRecord = Record<string, unknown>;

export const isRecord = (value: unknown): value is JsonRecord =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Like the request parser: null and blank strings count as absent. */
export const isAbsent = (value: unknown): boolean =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

const fold = (key: string): string => key.toLowerCase().replace(/[^a-z0-9]/g, '');

/** How many parser messages one rejection carries; the rest are counted, not listed. */
const MAX_MESSAGES = 3;

/** An item's own fields, the remaining keys (its identifiers) and the problems found so far. */
export interface SplitItem {
  own: JsonRecord;
  rest: JsonRecord;
  problems: string[];
}

/**
 * Splits an item into its own fields and the rest. A remaining key that is another spelling of an
 * own field (`observed_at`, `Type`) or one of its `aliases` (folded names) is reported with a hint
 * instead of reaching the request parser, whose hints only know the identifier fields.
 */
export function splitItem(
  raw: JsonRecord,
  ownKeys: readonly string[],
  aliases: Readonly<Record<string, string>> = {},
): SplitItem {
  const hints = new Map<string, string>(Object.entries(aliases));
  for (const key of ownKeys) hints.set(fold(key), key);
  const own: JsonRecord = {};
  const rest: JsonRecord = {};
  const problems: string[] = [];
  for (const [key, value] of Object.entries(raw)) {
    if (ownKeys.includes(key)) {
      own[key] = value;
      continue;
    }
    const hint = hints.get(fold(key));
    if (hint === undefined) rest[key] = value;
    else problems.push(`${key}: unknown field; did you mean ${hint}?`);
  }
  return { own, rest, problems };
}

/**
 * An item carrying a string Postgres cannot store (NUL, a lone surrogate) anywhere is rejected
 * alone, naming where: under the item's own code when an own field holds it, INVALID_INPUT when
 * an identifier does.
 */
export function unstorableRejection(
  raw: JsonRecord,
  ownKeys: readonly string[],
  ownCode: 'INVALID_EVENT' | 'INVALID_RECORD',
): { ok: false; code: 'INVALID_EVENT' | 'INVALID_RECORD' | 'INVALID_INPUT'; message: string } | null {
  const found = unstorableStrings(raw, MAX_MESSAGES + 1);
  if (found.length === 0) return null;
  const first = found[0]?.path.split('.')[0] ?? '';
  const code = ownKeys.includes(first) || first === '' ? ownCode : 'INVALID_INPUT';
  const messages = found.slice(0, MAX_MESSAGES).map(unstorableMessage);
  const more = found.length > MAX_MESSAGES ? '; and more' : '';
  return { ok: false, code, message: `${messages.join('; ')}${more}` };
}

interface TextRules {
  required: boolean;
  max: number;
  /** What the field holds, for the "required" message. */
  what: string;
}

/** A trimmed text field, or null when absent; problems are appended to `problems`. */
export function textField(own: JsonRecord, key: string, problems: string[], rules: TextRules): string | null {
  const value = own[key];
  if (isAbsent(value)) {
    if (rules.required) problems.push(`${key}: required, ${rules.what}`);
    return null;
  }
  if (typeof value !== 'string') {
    problems.push(`${key}: must be a string`);
    return null;
  }
  // Stored as Postgres text, which refuses NUL: control characters become spaces.
  const text = withoutControls(value).trim();
  if (text === '') {
    if (rules.required) problems.push(`${key}: required, ${rules.what}`);
    return null;
  }
  if (text.length > rules.max) {
    problems.push(`${key}: must be at most ${rules.max} characters, got ${text.length}`);
    return null;
  }
  return text;
}

/** An optional ISO 3166-1 alpha-2 code, upper-cased, validated like location.countryCode. */
export function countryField(own: JsonRecord, key: string, problems: string[]): string | null {
  const value = own[key];
  if (isAbsent(value)) return null;
  const code = typeof value === 'string' ? value.trim() : '';
  if (code.length !== 2 || !isCountryCode(code)) {
    problems.push(`${key}: must be an ISO 3166-1 alpha-2 country code such as US or GB`);
    return null;
  }
  return code.toUpperCase();
}

/** An optional non-negative integer, at most MAX_COUNT. */
export function countField(own: JsonRecord, key: string, problems: string[]): number | null {
  const value = own[key];
  if (value === undefined || value === null) return null;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    problems.push(`${key}: must be a non-negative integer`);
    return null;
  }
  // Stored as a Postgres integer.
  if (value > MAX_COUNT) {
    problems.push(`${key}: must be at most ${MAX_COUNT}`);
    return null;
  }
  return value;
}

/** A range failure (future or too old) is kept apart: it has its own code and waits for format errors. */
export interface RangeFailure {
  code: 'FUTURE_TIMESTAMP' | 'TIMESTAMP_OUT_OF_RANGE';
  message: string;
}

export function timestampField(
  own: JsonRecord,
  key: string,
  now: Date,
  options: { required: boolean; floor?: TimestampFloor },
  problems: string[],
  ranges: RangeFailure[],
): Date | null {
  const value = own[key];
  if (value === undefined || value === null) {
    if (options.required)
      problems.push(`${key}: required, when it happened (ISO 8601 or epoch milliseconds)`);
    return null;
  }
  const result = parseTimestamp(value, now, options.floor);
  if (result.ok) return result.value;
  const message = `${key}: ${result.message}`;
  if (result.problem === 'INVALID') problems.push(message);
  else ranges.push({ code: result.problem, message });
  return null;
}

/** The first messages of a failed parse, those that explain its code first. */
function summarize(code: string, errors: readonly FieldError[]): string {
  const messages = [
    ...errors.filter((error) => error.code === code).map((error) => error.message),
    ...errors.filter((error) => error.code !== code).map((error) => error.message),
  ];
  const shown = messages.slice(0, MAX_MESSAGES).join('; ');
  const more = messages.length - MAX_MESSAGES;
  return more > 0 ? `${shown}; and ${more} more` : shown;
}

/**
 * Parses an item's identifiers with the request parser's rules. Like Verify and Signals, it
 * ignores unknown fields and those neither reads here (sessionId, the Signals filters). Without
 * `requireMinimum` the identifiers may be empty.
 */
export function parseIdentifiers(rest: JsonRecord, requireMinimum: boolean): ItemResult<NormalizedRequest> {
  const result = parseIdentifierFields(rest, { requireMinimum });
  if (!result.ok) return { ok: false, code: result.code, message: summarize(result.code, result.errors) };
  return { ok: true, value: result.value };
}
