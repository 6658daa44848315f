import type { ScoredCheck } from '@/lib/engine/risk';
import type { RiskLevel } from '@/lib/engine/types';

export interface WaterfallStep {
  id: string;
  name: string;
  risk: RiskLevel;
  /** Score before and after this check, in the order the API scored them. */
  start: number;
  end: number;
  contribution: number;
}

const round4 = (value: number): number => Math.round(value * 10_000) / 10_000;

/**
 * The checks that moved the score, as waterfall steps in the API's order (the order their
 * contributions were computed in), each starting where the previous one ended. The last end is
 * the overall risk.
 */
export function waterfallSteps(checks: readonly ScoredCheck[]): WaterfallStep[] {
  const steps: WaterfallStep[] = [];
  let running = 0;
  for (const check of checks) {
    if (check.contribution === 0) continue;
    const start = running;
    running = round4(running + check.contribution);
    steps.push({
      id: check.id,
      name: check.name,
      risk: check.risk,
      start,
      end: running,
      contribution: check.contribution,
    });
  }
  return steps;
}
