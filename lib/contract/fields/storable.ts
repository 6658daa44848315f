// Postgres text and jsonb refuse NUL, and jsonb refuses a lone UTF-16 surrogate (text would turn it
// into U+FFFD, so two different values would merge): a body carrying either is refused, naming
// where, instead of failing when stored (docs/api/errors.md, INVALID_INPUT).

// Code units, not code points (no u flag): a high surrogate not followed by a low one, or a low
// one not preceded by a high one.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Whether Postgres can store the text as sent (no NUL, no lone surrogate). */
export function isStorableText(text: string): boolean {
  return !text.includes('\u0000') && !LONE_SURROGATE.test(text);
}

export interface UnstorableString {
  /** Dot-joined path of the value, as field errors name it ('' for the body itself). */
  path: string;
  /** True when the field name at `path` is the culprit rather than its value. */
  inName: boolean;
}

const join = (path: string, key: string | number): string => (path === '' ? String(key) : `${path}.${key}`);

/** Paths are echoed in errors: one thousands of levels deep is cut (its start says enough). */
const MAX_PATH_LENGTH = 200;
const shown = (path: string): string =>
  path.length > MAX_PATH_LENGTH ? `${path.slice(0, MAX_PATH_LENGTH)}...` : path;

/**
 * The strings of a parsed JSON value that Postgres cannot store, at most `limit` of them, in
 * document order. Iterative, so a body nested thousands of levels deep cannot overflow the stack.
 */
export function unstorableStrings(value: unknown, limit = 20): UnstorableString[] {
  const found: UnstorableString[] = [];
  // A pending value, or (badName) a field name already found bad, reported in document order.
  const stack: { path: string; value: unknown; badName?: true }[] = [{ path: '', value }];
  while (stack.length > 0 && found.length < limit) {
    const next = stack.pop();
    if (next === undefined) break;
    const { path, value: current } = next;
    if (next.badName) found.push({ path: shown(path), inName: true });
    else if (typeof current === 'string') {
      if (!isStorableText(current)) found.push({ path: shown(path), inName: false });
    } else if (Array.isArray(current)) {
      for (let index = current.length - 1; index >= 0; index--) {
        stack.push({ path: join(path, index), value: current[index] });
      }
    } else if (typeof current === 'object' && current !== null) {
      const entries = Object.entries(current);
      for (let index = entries.length - 1; index >= 0; index--) {
        const [key, child] = entries[index] ?? ['', undefined];
        // A bad name is reported at its parent's path: the name itself cannot be echoed.
        if (isStorableText(key)) stack.push({ path: join(path, key), value: child });
        else stack.push({ path, value: undefined, badName: true });
      }
    }
  }
  return found;
}

/** The field-error message for one unstorable string. */
export function unstorableMessage({ path, inName }: UnstorableString): string {
  const where = path === '' ? 'body' : path;
  return inName
    ? `${where}: a field name holds a NUL character or a lone UTF-16 surrogate, which cannot be stored`
    : `${where}: must not contain a NUL character (\\u0000) or a lone UTF-16 surrogate`;
}
