// Learning a workspace's weights from its analysts' decisions (docs/risk.md, "Learning from
// decisions"): an L2-regularised logistic regression of decline (1) against approve (0) on the
// (check, state) pairs of each decided session's checks, pulled toward the weights in force, fitted
// on 70 % of the labelled sessions and judged on the other 30 %. It only suggests: an admin adopts
// a suggestion as the next policy version, or nothing changes.
//
// Hand-written: a few dozen lines of coordinate-wise Newton steps. The TS/JS statistics libraries
// offer plain logistic regression but none a penalty toward a prior other than zero, fixed offsets
// for the pairs left unfitted or a deterministic solver, which is all this needs.
import type { Check } from '../types';
import { type HeldOutMetrics, heldOutMetrics, inTraining } from './held-out';
import { policyLevel, policyWeights, type RiskPolicy, stateDefault } from './overrides';
import { replayRisk, type StoredCheck } from './replay';
import { MAX_POLICY_WEIGHT, MIN_POLICY_WEIGHT, type RiskWeights, riskWeightsSchema, round2 } from './weights';

/** A decided session: the checks of the call it was decided on, and the decision as a label. */
export interface LabelledSession {
  sessionId: string;
  checks: readonly StoredCheck[];
  declined: boolean;
}

/**
 * The fewest decided sessions (approve or decline; review is no label) before a fit is tried, and
 * the fewest of each class among them: below these a fitted weight is mostly noise, and 30 % held
 * out leaves too few sessions to judge it by.
 */
export const MIN_LABELLED_SESSIONS = 200;
export const MIN_PER_CLASS = 30;
/** A pair seen in fewer training sessions keeps its weight: too few to move it by. */
export const MIN_PAIR_SESSIONS = 20;
/**
 * The penalty λ of λ Σ (w − w_default)² beside the summed log-loss: a Gaussian prior of standard
 * deviation 1/√(2λ) = 0.5 log-odds around each weight in force, so a pair needs dozens of sessions
 * decided against its weight to move it by one.
 */
export const FIT_LAMBDA = 2;
/** Sweeps of the coordinate descent at most; it stops earlier once no step exceeds FIT_TOLERANCE. */
const MAX_SWEEPS = 200;
const FIT_TOLERANCE = 1e-6;
/** The largest step one coordinate takes per sweep, so the first sweeps cannot overshoot. */
const MAX_STEP = 1;

export const pairKey = (checkId: string, state: string): string => `${checkId}\u0000${state}`;

export interface FitInput {
  sessions: readonly LabelledSession[];
  /** The weight each pair has now (the prior the penalty pulls toward). */
  priorWeight: (checkId: string, state: string) => number;
  /** Which pairs may be fitted at all (catalog pairs); the others keep their prior. */
  fittable: (checkId: string, state: string) => boolean;
  lambda?: number;
  minPairSessions?: number;
}

export interface FittedPair {
  checkId: string;
  state: string;
  prior: number;
  fitted: number;
  /** Training sessions showing the pair. */
  sessions: number;
}

export interface FitResult {
  /** The intercept, fitted freely: decided sessions are not the traffic the scorer's prior is for. */
  intercept: number;
  pairs: FittedPair[];
  sweeps: number;
}

const sigmoid = (x: number): number => 1 / (1 + Math.exp(-x));
const clampWeight = (w: number): number => Math.min(MAX_POLICY_WEIGHT, Math.max(MIN_POLICY_WEIGHT, w));

/**
 * Minimises Σ logloss(y, σ(b + Σ w·x)) + λ Σ (w − w_prior)² over the intercept b and the weights
 * of the pairs seen in at least `minPairSessions` sessions, one Newton step per coordinate per
 * sweep (the pairs are 0/1 indicators, so each step reads only the sessions showing its pair).
 * The other pairs stay at their prior weight as fixed offsets. Deterministic: pairs in sorted order.
 */
export function fitWeights(input: FitInput): FitResult {
  const lambda = input.lambda ?? FIT_LAMBDA;
  const minPair = input.minPairSessions ?? MIN_PAIR_SESSIONS;
  const labels = input.sessions.map((s) => (s.declined ? 1 : 0));
  const rows = new Map<string, { checkId: string; state: string; members: number[] }>();
  input.sessions.forEach((session, i) => {
    const seen = new Set<string>();
    for (const { id, state } of session.checks) {
      const key = pairKey(id, state);
      if (seen.has(key)) continue;
      seen.add(key);
      const row = rows.get(key) ?? { checkId: id, state, members: [] };
      row.members.push(i);
      rows.set(key, row);
    }
  });
  const keys = [...rows.keys()].sort();
  const weights = new Map(keys.map((key) => [key, 0]));
  const margins = new Array<number>(input.sessions.length).fill(0);
  for (const key of keys) {
    const row = rows.get(key);
    if (row === undefined) continue;
    const prior = input.priorWeight(row.checkId, row.state);
    weights.set(key, prior);
    for (const i of row.members) margins[i] = (margins[i] ?? 0) + prior;
  }
  const free = keys.filter((key) => {
    const row = rows.get(key);
    return row !== undefined && row.members.length >= minPair && input.fittable(row.checkId, row.state);
  });

  let intercept = 0;
  const shift = (members: Iterable<number>, step: number) => {
    for (const i of members) margins[i] = (margins[i] ?? 0) + step;
  };
  const allSessions = labels.map((_, i) => i);
  let sweeps = 0;
  while (sweeps < MAX_SWEEPS) {
    sweeps++;
    let largest = 0;
    // The intercept: no penalty.
    {
      let gradient = 0;
      let curvature = 0;
      for (const i of allSessions) {
        const p = sigmoid(intercept + (margins[i] ?? 0));
        gradient += p - (labels[i] ?? 0);
        curvature += p * (1 - p);
      }
      const step = Math.max(-MAX_STEP, Math.min(MAX_STEP, -gradient / Math.max(curvature, 1e-9)));
      intercept += step;
      largest = Math.max(largest, Math.abs(step));
    }
    for (const key of free) {
      const row = rows.get(key);
      const weight = weights.get(key);
      if (row === undefined || weight === undefined) continue;
      const prior = input.priorWeight(row.checkId, row.state);
      let gradient = 2 * lambda * (weight - prior);
      let curvature = 2 * lambda;
      for (const i of row.members) {
        const p = sigmoid(intercept + (margins[i] ?? 0));
        gradient += p - (labels[i] ?? 0);
        curvature += p * (1 - p);
      }
      const proposed = Math.max(-MAX_STEP, Math.min(MAX_STEP, -gradient / Math.max(curvature, 1e-9)));
      const next = clampWeight(weight + proposed);
      const step = next - weight;
      weights.set(key, next);
      shift(row.members, step);
      largest = Math.max(largest, Math.abs(step));
    }
    if (largest < FIT_TOLERANCE) break;
  }

  const pairs = free.flatMap((key): FittedPair[] => {
    const row = rows.get(key);
    const fitted = weights.get(key);
    if (row === undefined || fitted === undefined) return [];
    const prior = input.priorWeight(row.checkId, row.state);
    return [{ checkId: row.checkId, state: row.state, prior, fitted, sessions: row.members.length }];
  });
  return { intercept, pairs, sweeps };
}

export interface LabelCounts {
  sessions: number;
  approvals: number;
  declines: number;
}

export interface WeightChange {
  checkId: string;
  state: string;
  /** The weight the policy in force scores the pair with. */
  current: number;
  suggested: number;
  /** Training sessions showing the pair. */
  sessions: number;
}

export type WeightSuggestion =
  | {
      kind: 'not-enough';
      labelled: LabelCounts;
      minimum: { sessions: number; perClass: number };
    }
  | {
      kind: 'suggestion';
      labelled: LabelCounts;
      currentVersion: number;
      training: LabelCounts;
      heldOut: LabelCounts;
      lambda: number;
      /** Only pairs whose weight moves by 0.01 or more, by check id then state. */
      changes: WeightChange[];
      /** The policy's weights with the changes: what adopting saves (its levels stay as they are). */
      weights: RiskWeights;
      /** The held-out sessions under the policy in force and under the suggestion. */
      before: HeldOutMetrics;
      after: HeldOutMetrics;
    };

const count = (sessions: readonly LabelledSession[]): LabelCounts => {
  const declines = sessions.filter((s) => s.declined).length;
  return { sessions: sessions.length, approvals: sessions.length - declines, declines };
};

export interface SuggestOptions {
  /** Verify's steps after the policy (the coverage rule), as the backtest replays them. */
  adjust?: (checks: Check[]) => Check[];
  lambda?: number;
  minPairSessions?: number;
}

/**
 * The suggestion for a workspace: not enough labels, or the weights fitted on the training 70 %
 * and both policies' metrics on the held-out 30 %, each scored by the normal scorer (one fact
 * counted once, the 3 % prior), though the fit added each pair's weight on its own.
 */
export function suggestWeights(
  sessions: readonly LabelledSession[],
  policy: RiskPolicy,
  options: SuggestOptions = {},
): WeightSuggestion {
  const labelled = count(sessions);
  if (
    labelled.sessions < MIN_LABELLED_SESSIONS ||
    labelled.approvals < MIN_PER_CLASS ||
    labelled.declines < MIN_PER_CLASS
  ) {
    return {
      kind: 'not-enough',
      labelled,
      minimum: { sessions: MIN_LABELLED_SESSIONS, perClass: MIN_PER_CLASS },
    };
  }
  const training = sessions.filter((s) => inTraining(s.sessionId));
  const heldOut = sessions.filter((s) => !inTraining(s.sessionId));
  const weigh = policyWeights(policy);
  const lambda = options.lambda ?? FIT_LAMBDA;
  const fit = fitWeights({
    sessions: training,
    lambda,
    minPairSessions: options.minPairSessions,
    fittable: (checkId, state) => stateDefault(checkId, state) !== undefined,
    priorWeight: (checkId, state) => {
      const risk = policyLevel(policy, checkId, state);
      return risk === undefined ? 0 : weigh({ id: checkId, state, risk });
    },
  });
  const changes = fit.pairs
    .map(
      (pair): WeightChange => ({
        checkId: pair.checkId,
        state: pair.state,
        current: pair.prior,
        suggested: round2(pair.fitted),
        sessions: pair.sessions,
      }),
    )
    .filter((change) => round2(change.current) !== change.suggested);
  const merged: Record<string, Record<string, unknown>> = structuredClone(policy.weights);
  for (const change of changes)
    merged[change.checkId] = { ...merged[change.checkId], [change.state]: change.suggested };
  const parsed = riskWeightsSchema.safeParse(merged);
  // Fitted weights are clamped to the schema's range and catalog pairs only, so this holds.
  const weights = parsed.success ? parsed.data : policy.weights;
  const suggested: RiskPolicy = { version: policy.version + 1, overrides: policy.overrides, weights };
  const score = (under: RiskPolicy) =>
    heldOutMetrics(
      heldOut.map((s) => ({ risk: replayRisk(s.checks, under, options.adjust).risk, declined: s.declined })),
    );
  return {
    kind: 'suggestion',
    labelled,
    currentVersion: policy.version,
    training: count(training),
    heldOut: count(heldOut),
    lambda,
    changes,
    weights,
    before: score(policy),
    after: score(suggested),
  };
}
