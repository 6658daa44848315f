// The overall risk of a Verify answer: a deterministic function of its checks, a scorecard in
// log-odds (docs/risk.md): each state's weight of evidence, one fact counted once, and a prior.
import { checkWeight, factOfCheck, voidsTrust, type WeightOf } from './risk-weights';
import type { Check } from './types';

export type RiskBand = 'low' | 'medium' | 'high';

export interface RiskContribution {
  id: string;
  /** The check's weight of evidence, in log-odds (negative for trust). */
  weight: number;
  /** How much this check moved the running score; the deltas sum to `risk`. */
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
 * The share of applicants who are fraudulent before any check is read: 3 %, within the 1-5 % of
 * digital account opening that industry reports give (docs/risk.md). Its log-odds start the sum.
 */
export const PRIOR_FRAUD_RATE = 0.03;
const PRIOR_LOG_ODDS = Math.log(PRIOR_FRAUD_RATE / (1 - PRIOR_FRAUD_RATE));

/**
 * The calibrated probability of fraud given evidence worth `logOdds`, as the share of the way from
 * the prior to certainty: 0 with no evidence (or with trust outweighing it), 1 with overwhelming
 * evidence. Medium starts at about 3.5 (a likelihood ratio of 33), high at about 4.6 (100).
 */
export function riskOfEvidence(logOdds: number): number {
  const posterior = 1 / (1 + Math.exp(-(PRIOR_LOG_ODDS + logOdds)));
  return Math.max(0, (posterior - PRIOR_FRAUD_RATE) / (1 - PRIOR_FRAUD_RATE));
}

/** What one fact has gathered: its strongest weight each way, and whether its trust is void. */
interface FactEvidence {
  up: number;
  down: number;
  voided: boolean;
}

const factWeight = (fact: FactEvidence): number => fact.up + (fact.voided ? 0 : fact.down);

/**
 * The evidence of the checks read so far: per fact, the strongest weight each way; a fact's
 * negative weight (trust) counts for nothing once one of its states voids it (voidsTrust).
 */
class Evidence {
  private readonly facts = new Map<string, FactEvidence>();
  private sum = 0;

  add(check: Pick<Check, 'id' | 'state'>, weight: number): void {
    const fact = factOfCheck(check.id);
    const held = this.facts.get(fact) ?? { up: 0, down: 0, voided: false };
    const next = {
      up: Math.max(held.up, weight),
      down: Math.min(held.down, weight),
      voided: held.voided || (weight > 0 && voidsTrust(check.id, check.state)),
    };
    this.sum += factWeight(next) - factWeight(held);
    this.facts.set(fact, next);
  }

  get logOdds(): number {
    return this.sum;
  }
}

/**
 * risk = (σ(prior + Σ fact weights) − prior rate) / (1 − prior rate), at least 0, rounded to 4
 * decimals, where each fact's weight is the largest positive and the most negative weight of its
 * checks (lib/engine/risk-weights.ts: FACTS), its negative one only while no state of the fact
 * voids its trust (StateSpec.voidsTrust). The order of the checks does not change `risk`, only
 * how it is split: check i's delta is round4(R_i) - round4(R_(i-1)), where R_i is the score of
 * checks 1..i, so each delta is the step a waterfall draws (negative for trust, 0 for a state its
 * fact already counted), and the deltas add up to `risk` (to 4 decimals). `weightOf` is the
 * catalog's weights (checkWeight) unless a workspace's policy sets some of its own.
 */
export function scoreRisk(checks: readonly Check[], weightOf: WeightOf = checkWeight): RiskScore {
  const evidence = new Evidence();
  let previous = 0;
  const contributions = checks.map((check): RiskContribution => {
    const weight = weightOf(check);
    evidence.add(check, weight);
    const running = round4(riskOfEvidence(evidence.logOdds));
    const delta = round4(running - previous);
    previous = running;
    return { id: check.id, weight, delta };
  });
  const risk = round4(riskOfEvidence(evidence.logOdds));
  return { risk, band: riskBand(risk), contributions };
}

/** A check as Verify answers it: with how much it moved the overall risk (its waterfall step). */
export interface ScoredCheck extends Check {
  /** risk after this check minus risk before it, in the order of `checks`; the steps sum to risk. */
  contribution: number;
}

/** The risk of the checks, and each check with its contribution attached. */
export function scoreChecks(
  checks: readonly Check[],
  weightOf: WeightOf = checkWeight,
): {
  risk: number;
  band: RiskBand;
  checks: ScoredCheck[];
} {
  const score = scoreRisk(checks, weightOf);
  return {
    risk: score.risk,
    band: score.band,
    checks: checks.map((check, i) => ({ ...check, contribution: score.contributions[i]?.delta ?? 0 })),
  };
}
