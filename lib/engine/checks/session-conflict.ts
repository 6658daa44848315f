// SYNTHETIC_SESSION_CONFLICT: the calls of one session are one application, so every SSN and
// birthday they gave (the current value and sessionValues, see lib/engine/merge.ts) belongs to
// one applicant. Two different ones are a synthetic-identity signal, whatever the graph says.
import type { Check, NormalizedRequest, SsnInput } from '../types';
import { makeCheck } from './make-check';

/** What the SSNs disagree on, or null when they agree (a last four ends a full one). */
function ssnConflict(ssns: readonly SsnInput[]): string | null {
  const full = [...new Set(ssns.filter((s) => s.kind === 'full').map((s) => s.digits))];
  if (full.length > 1) return `${full.length} different full SSNs`;
  const lastFours = [...new Set(ssns.filter((s) => s.kind === 'last4').map((s) => s.digits))];
  if (lastFours.length > 1) return `${lastFours.length} different last four SSN digits`;
  const [whole] = full;
  const [four] = lastFours;
  return whole !== undefined && four !== undefined && !whole.endsWith(four)
    ? 'a last four that the full SSN does not end with'
    : null;
}

export function sessionConflict(input: NormalizedRequest): Check {
  const others = input.sessionValues;
  const ssns = [...(input.ssn === null ? [] : [input.ssn]), ...(others?.ssns ?? [])];
  const birthdays = [...(input.birthday === null ? [] : [input.birthday]), ...(others?.birthdays ?? [])];
  if (ssns.length < 2 && birthdays.length < 2) {
    return makeCheck(
      'SYNTHETIC_SESSION_CONFLICT',
      'NONE',
      'This session gave one SSN and one birthday at most.',
    );
  }
  const conflicts = [
    ssnConflict(ssns),
    birthdays.length > 1 ? `${birthdays.length} different birthdays` : null,
  ].flatMap((text) => (text === null ? [] : [text]));
  if (conflicts.length > 0) {
    return makeCheck(
      'SYNTHETIC_SESSION_CONFLICT',
      'TRUE',
      `The calls of this session gave ${conflicts.join(' and ')}: one applicant does not have two.`,
    );
  }
  return makeCheck(
    'SYNTHETIC_SESSION_CONFLICT',
    'FALSE',
    'The calls of this session gave a last four and the full SSN that ends with it.',
  );
}
