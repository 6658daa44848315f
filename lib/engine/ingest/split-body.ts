// Splitting a request body of POST /api/events or /api/records into its items: a JSON array, or
// NDJSON (one JSON value per line) where a malformed line is rejected alone.
import { type ItemRejection, MAX_ITEMS_PER_REQUEST } from './types';

export type SplitBatchResult =
  | {
      ok: true;
      /**
       * One entry per item, at the item's index. For NDJSON, the entry of a line that is not valid
       * JSON is `undefined` (which JSON.parse never yields) and `lineErrors` holds its rejection.
       */
      items: unknown[];
      lineErrors: ItemRejection[];
    }
  | { ok: false; code: 'MALFORMED_JSON' | 'TOO_MANY_ITEMS' | 'INVALID_INPUT'; message: string };

const tooMany = (count: number): SplitBatchResult => ({
  ok: false,
  code: 'TOO_MANY_ITEMS',
  message: `at most ${MAX_ITEMS_PER_REQUEST} items per request, got ${count}; split the batch`,
});

/** Where JSON.parse stopped, without its excerpt of the input (which may hold personal data). */
function syntaxProblem(error: unknown): string {
  const position = error instanceof Error ? /position (\d+)/.exec(error.message)?.[1] : undefined;
  return position === undefined ? 'not valid JSON' : `not valid JSON (error at character ${position})`;
}

function tryParse(text: string): { ok: true; value: unknown } | { ok: false; problem: string } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, problem: syntaxProblem(error) };
  }
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

function splitJson(text: string): SplitBatchResult {
  const parsed = tryParse(text);
  if (!parsed.ok) {
    // A body of one object per line was probably meant as NDJSON.
    const firstLine = text.split('\n').find((line) => line.trim() !== '') ?? '';
    const ndjson = text.trim().includes('\n') && tryParse(firstLine).ok;
    const hint = ndjson ? '; for one item per line send Content-Type: application/x-ndjson' : '';
    return { ok: false, code: 'MALFORMED_JSON', message: `the body is ${parsed.problem}${hint}` };
  }
  const { value } = parsed;
  if (!Array.isArray(value)) {
    return {
      ok: false,
      code: 'INVALID_INPUT',
      message: `the body must be a JSON array of items, got ${kindOf(value)}; wrap a single item in [ ]`,
    };
  }
  if (value.length > MAX_ITEMS_PER_REQUEST) return tooMany(value.length);
  return { ok: true, items: value, lineErrors: [] };
}

function splitNdjson(text: string): SplitBatchResult {
  const lines = text.split('\n');
  const count = lines.reduce((n, line) => (line.trim() === '' ? n : n + 1), 0);
  // Counted before parsing: an oversized body is refused without parsing any of it.
  if (count > MAX_ITEMS_PER_REQUEST) return tooMany(count);
  const items: unknown[] = [];
  const lineErrors: ItemRejection[] = [];
  lines.forEach((line, lineIndex) => {
    if (line.trim() === '') return;
    const parsed = tryParse(line);
    if (parsed.ok) {
      items.push(parsed.value);
      return;
    }
    lineErrors.push({
      index: items.length,
      code: 'MALFORMED_JSON',
      message: `line ${lineIndex + 1} is ${parsed.problem}`,
    });
    items.push(undefined);
  });
  return { ok: true, items, lineErrors };
}

/**
 * Splits a batch body into items. JSON must be an array; NDJSON holds one value per non-blank
 * line, and item indexes count non-blank lines so they match the caller's items.
 */
export function splitBatch(text: string, contentType: 'json' | 'ndjson'): SplitBatchResult {
  // A byte-order mark is not JSON but some editors and exporters write one.
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  return contentType === 'json' ? splitJson(body) : splitNdjson(body);
}
