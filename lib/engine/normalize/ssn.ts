import type { SsnInput } from '../types';

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
 * Collapses SSN values that denote the same number: a last-four that matches a full SSN adds
 * nothing. More than one value left means the request names several people.
 */
export function distinctSsns(ssns: readonly SsnInput[]): SsnInput[] {
  const full = [...new Set(ssns.filter((s) => s.kind === 'full').map((s) => s.digits))];
  const fullTails = new Set(full.map((digits) => digits.slice(5)));
  const last4 = [
    ...new Set(ssns.filter((s) => s.kind === 'last4' && !fullTails.has(s.digits)).map((s) => s.digits)),
  ];
  return [
    ...full.map((digits): SsnInput => ({ kind: 'full', digits })),
    ...last4.map((digits): SsnInput => ({ kind: 'last4', digits })),
  ];
}
