import type { Check } from '@/lib/engine/types';

/** The check with `id`; fails the test when it is missing. */
export function findCheck(checks: readonly Check[], id: string): Check {
  const check = checks.find((c) => c.id === id);
  if (check === undefined) throw new Error(`no check ${id} in ${checks.map((c) => c.id).join(', ')}`);
  return check;
}

/** `{ state, risk }` of the check with `id`, for compact assertions. */
export function outcome(checks: readonly Check[], id: string): { state: string; risk: string } {
  const { state, risk } = findCheck(checks, id);
  return { state, risk };
}
