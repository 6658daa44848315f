import type { SsnInput } from '@/lib/engine/types';

/** Nine digits with or without the usual dashes, or the last four digits alone. */
export const SSN_PATTERN = /^(?:\d{9}|\d{3}-\d{2}-\d{4}|\d{4})$/;

export function isSsnFormat(text: string): boolean {
  return SSN_PATTERN.test(text.trim());
}

/** Digits and kind of a well-formed SSN; null when the format is wrong. */
export function normalizeSsn(raw: string): SsnInput | null {
  const text = raw.trim();
  if (!SSN_PATTERN.test(text)) return null;
  const digits = text.replace(/-/g, '');
  return { kind: digits.length === 9 ? 'full' : 'last4', digits };
}

/**
 * The distinct SSN values of a request: the same number written twice (with and without dashes)
 * is one value, but a full SSN and a last four are two, even when the four end the nine
 * (docs/api/request-fields.md: never more than one SSN value per request).
 */
export function distinctSsns(ssns: readonly SsnInput[]): SsnInput[] {
  const seen = new Map<string, SsnInput>();
  for (const ssn of ssns) {
    const key = `${ssn.kind}:${ssn.digits}`;
    if (!seen.has(key)) seen.set(key, { kind: ssn.kind, digits: ssn.digits });
  }
  return [...seen.values()];
}
