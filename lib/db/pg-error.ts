/**
 * Whether `error`, or an error it wraps (drizzle puts the driver's error in `cause`), carries one
 * of these PostgreSQL SQLSTATE codes.
 */
export function hasPgCode(error: unknown, codes: ReadonlySet<string>): boolean {
  for (let current: unknown = error, depth = 0; current instanceof Error && depth < 4; depth++) {
    const code = (current as Error & { code?: unknown }).code;
    if (typeof code === 'string' && codes.has(code)) return true;
    current = (current as Error & { cause?: unknown }).cause;
  }
  return false;
}
