// A field's error as the editor writes it: react-hook-form keeps an array's own error either on
// the array or under `root`, and zod's wording for an empty choice reads like a parser's.

/** The message of a field (or array) error, if any; `whenEmpty` replaces zod's "too small". */
export function messageOf(error: unknown, whenEmpty?: string): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  if (whenEmpty && 'type' in error && error.type === 'too_small') return whenEmpty;
  if ('message' in error && typeof error.message === 'string' && error.message !== '') return error.message;
  if ('root' in error) return messageOf(error.root, whenEmpty);
  return undefined;
}

/** A server field error's path (`ruleSet.rules.0.reasonCode`) as a form path (`rules.0.reasonCode`). */
export function formPathOf(path: string): string | null {
  return path.startsWith('ruleSet.') ? path.slice('ruleSet.'.length) : null;
}

/** A server message without the path it starts with: shown next to the field, the path is implied. */
export function withoutPath(path: string, message: string): string {
  return message.startsWith(`${path}: `) ? message.slice(path.length + 2) : message;
}
