// Event ids (docs/api/ingestion.md): any string of 1 to 200 characters, the
// caller's own order or message ids as they are (`order#1@shop/42`).

export const MAX_EVENT_ID_LENGTH = 200;

/** Why an id is unacceptable, or null. Characters are Unicode code points, as JSON Schema counts. */
export function eventIdProblem(id: string): string | null {
  const length = [...id].length;
  if (length === 0) return 'must not be empty';
  if (length > MAX_EVENT_ID_LENGTH) return `must be at most ${MAX_EVENT_ID_LENGTH} characters, got ${length}`;
  return null;
}

/**
 * The form an id is stored in for idempotency: its JSON string escape, which is one-to-one and
 * keeps every id Postgres text can hold (it refuses NUL; lone surrogates would become U+FFFD and
 * merge distinct ids). Ids without quotes, backslashes or control characters are stored as sent.
 */
export function eventIdKey(id: string): string {
  return JSON.stringify(id).slice(1, -1);
}
