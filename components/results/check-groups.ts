import type { ScoredCheck } from '@/lib/engine/risk';
import { RISK_ORDER, type RiskLevel } from '@/lib/engine/types';

export interface CheckGroup {
  checkPackage: string;
  checks: ScoredCheck[];
  /** The riskiest level among all of the package's checks (not only the shown ones). */
  highest: RiskLevel;
  /** How much the package's checks together moved the score. */
  contribution: number;
}

const rank = (level: RiskLevel): number => RISK_ORDER.indexOf(level);

/** Riskiest first; at the same level the one that moved the score most, then by name. */
export function compareChecks(a: ScoredCheck, b: ScoredCheck): number {
  return rank(a.risk) - rank(b.risk) || b.contribution - a.contribution || a.name.localeCompare(b.name);
}

export function countByRisk(checks: readonly ScoredCheck[]): Record<RiskLevel, number> {
  const counts: Record<RiskLevel, number> = { HIGH: 0, MED: 0, LOW: 0, NONE: 0 };
  for (const check of checks) counts[check.risk] += 1;
  return counts;
}

/**
 * The checks whose level is shown, grouped by package: packages with the riskiest check first
 * (then by how much they moved the score, then by name), checks sorted by compareChecks.
 * Packages with no shown check are left out.
 */
export function groupChecks(checks: readonly ScoredCheck[], shown: ReadonlySet<RiskLevel>): CheckGroup[] {
  const byPackage = new Map<string, ScoredCheck[]>();
  for (const check of checks) {
    const list = byPackage.get(check.checkPackage) ?? [];
    list.push(check);
    byPackage.set(check.checkPackage, list);
  }
  const groups: CheckGroup[] = [];
  for (const [checkPackage, all] of byPackage) {
    const visible = all.filter((check) => shown.has(check.risk)).sort(compareChecks);
    if (visible.length === 0) continue;
    const highest = all.reduce<RiskLevel>(
      (top, check) => (rank(check.risk) < rank(top) ? check.risk : top),
      'NONE',
    );
    const contribution = all.reduce((sum, check) => sum + check.contribution, 0);
    groups.push({ checkPackage, checks: visible, highest, contribution });
  }
  return groups.sort(
    (a, b) =>
      rank(a.highest) - rank(b.highest) ||
      b.contribution - a.contribution ||
      a.checkPackage.localeCompare(b.checkPackage),
  );
}
