// The reasons a Verify scores as it does, as the session page and the review queue list them: the
// checks at high or medium, sanctions hits first, then by how far each moved the risk, then by level.
import { factOfCheck } from './risk-weights';
import type { RiskLevel } from './types';

const RAISING: readonly RiskLevel[] = ['HIGH', 'MED'];

interface Ranked {
  id: string;
  risk: RiskLevel;
  contribution?: number | null;
}

/** A sanctions list answered something other than no match: a hit to review, whatever its level. */
export const isSanctionsHit = (check: Ranked): boolean =>
  factOfCheck(check.id) === 'sanctions' && check.risk !== 'NONE';

const step = (check: Ranked): number => check.contribution ?? 0;

/** The checks that raised the risk, strongest first. */
export function rankReasons<T extends Ranked>(checks: readonly T[]): T[] {
  return checks
    .filter((check) => RAISING.includes(check.risk))
    .sort(
      (a, b) =>
        Number(isSanctionsHit(b)) - Number(isSanctionsHit(a)) ||
        step(b) - step(a) ||
        RAISING.indexOf(a.risk) - RAISING.indexOf(b.risk),
    );
}
