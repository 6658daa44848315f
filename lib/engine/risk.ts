// The overall risk of a Verify answer: a deterministic function of its checks.
import type { Check, RiskLevel } from './types';

/**
 * What one check of each level adds, on its own, to a risk of zero. Chosen with `npm run
 * bench:risk` (docs/risk.md): one HIGH with one independent MED is high (0.76), two MEDs medium
 * (0.64), one MED alone low (0.4), and the LOWs that mostly say "not known" barely move it.
 */
export const RISK_WEIGHTS: Readonly<Record<RiskLevel, number>> = { HIGH: 0.6, MED: 0.4, LOW: 0.02, NONE: 0 };

export type RiskBand = 'low' | 'medium' | 'high';

export interface RiskContribution {
  id: string;
  weight: number;
  /** How much this check raised the running score; the deltas sum to `risk`. */
  delta: number;
}

export interface RiskScore {
  risk: number;
  band: RiskBand;
  contributions: RiskContribution[];
}

/** Risk scores and steps are reported to 4 decimals. */
export const round4 = (value: number): number => Math.round(value * 10_000) / 10_000;

/**
 * The documented bands (docs/api/operations.md), 0.00–0.50 low, 0.51–0.75 medium, 0.76–1.00 high, made gap-free:
 * high when risk > 0.75, medium when risk > 0.50, low otherwise (so 0.5 is low, 0.75 medium).
 */
export function riskBand(risk: number): RiskBand {
  if (risk > 0.75) return 'high';
  if (risk > 0.5) return 'medium';
  return 'low';
}

/**
 * Noisy-OR: each check is an independent piece of evidence that fails to explain the risk
 * away with probability 1 - w, where w is the weight of its risk level (RISK_WEIGHTS:
 * HIGH 0.6, MED 0.4, LOW 0.02, NONE 0):
 *
 *   risk = 1 - Π (1 - w(level_i)),   rounded to 4 decimals.
 *
 * One HIGH gives 0.6 (medium), two give 0.84 (high), a HIGH and a MED 0.76 (high); a MED alone 0.4; LOW checks barely move
 * it. The order of the checks does not change `risk`, only how it is split: check i's delta
 * is round4(R_i) - round4(R_(i-1)), where R_i is the score of checks 1..i, so each delta is the
 * marginal step a waterfall chart draws, and the deltas add up to `risk` (to 4 decimals).
 */
export function scoreRisk(checks: readonly Check[]): RiskScore {
  let survival = 1;
  let previous = 0;
  const contributions = checks.map((check): RiskContribution => {
    const weight = RISK_WEIGHTS[check.risk];
    survival *= 1 - weight;
    const running = round4(1 - survival);
    const delta = round4(running - previous);
    previous = running;
    return { id: check.id, weight, delta };
  });
  const risk = round4(1 - survival);
  return { risk, band: riskBand(risk), contributions };
}

/** A check as Verify answers it: with how much it moved the overall risk (its waterfall step). */
export interface ScoredCheck extends Check {
  /** risk after this check minus risk before it, in the order of `checks`; the steps sum to risk. */
  contribution: number;
}

/** The risk of the checks, and each check with its contribution attached. */
export function scoreChecks(checks: readonly Check[]): {
  risk: number;
  band: RiskBand;
  checks: ScoredCheck[];
} {
  const score = scoreRisk(checks);
  return {
    risk: score.risk,
    band: score.band,
    checks: checks.map((check, i) => ({ ...check, contribution: score.contributions[i]?.delta ?? 0 })),
  };
}
