// What the request log keeps of a problem answer (issue 34): the body as answered, without the
// request's personal data. Field paths and the service's own wording stay; anything a parser
// quoted from the input goes (JSON.parse's message quotes the body's start; zod quotes unknown
// keys), as do the request id (the row has it) and any field a problem may grow later.
import type { StoredProblem } from '@/lib/contract/console/request-log';

/** What stands in for a removed quotation. */
export const REDACTED = '"…"';
/** Longest detail or message kept; no answer of the service's own comes near it. */
const MAX_TEXT = 1_000;
/** Most field errors kept (a 400 lists every violation; the first ones tell the story). */
const MAX_ERRORS = 50;

// Double-quoted, curly-quoted and backticked stretches, and single-quoted ones that open at a word
// boundary: an apostrophe inside a word ("workspace's") is not a quotation.
const QUOTED = /"[^"]*"|“[^”]*”|`[^`]*`|(^|[^\p{L}\p{N}])'[^']*'/gu;

/** A text with every quotation replaced, bounded. */
export function withoutQuotes(text: string): string {
  // Only the single-quote branch captures what precedes the quotation; it stays.
  const clean = text.replace(QUOTED, (_match, before: string | undefined) => `${before ?? ''}${REDACTED}`);
  return clean.length > MAX_TEXT ? `${clean.slice(0, MAX_TEXT - 1)}…` : clean;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Text PostgreSQL's jsonb can hold: no NUL, no lone UTF-16 surrogate (a hostile field name can
 * put either into a path), each replaced by U+FFFD.
 */
export function storable(value: string): string {
  return value.replace(LONE_SURROGATE, '\uFFFD').replaceAll(String.fromCharCode(0), '\uFFFD');
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' ? storable(withoutQuotes(value)) : undefined;

/** The parts of a problem body the log keeps, from the body as answered (any shape). */
export function storedProblem(body: unknown): StoredProblem {
  if (typeof body !== 'object' || body === null) return {};
  const source = body as Record<string, unknown>;
  const stored: StoredProblem = {};
  if (typeof source.type === 'string') stored.type = source.type;
  if (typeof source.title === 'string') stored.title = source.title;
  if (typeof source.status === 'number') stored.status = source.status;
  if (typeof source.code === 'string') stored.code = source.code;
  const detail = text(source.detail);
  if (detail !== undefined) stored.detail = detail;
  if (Array.isArray(source.errors)) {
    stored.errors = source.errors.slice(0, MAX_ERRORS).flatMap((entry: unknown) => {
      if (typeof entry !== 'object' || entry === null) return [];
      const error = entry as Record<string, unknown>;
      return [
        {
          path: text(error.path) ?? '',
          code: typeof error.code === 'string' ? error.code : '',
          message: text(error.message) ?? '',
        },
      ];
    });
  }
  return stored;
}
