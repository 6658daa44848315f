// A workspace's weights of evidence: the weight its policy gives some (check, state) pairs instead
// of the catalog's (lib/engine/risk-weights.ts), set by hand or adopted from a suggestion learned
// from its analysts' decisions (fit-weights.ts). Pure: no database, browser-safe.
import { z } from 'zod';
import { CHECK_CATALOG, type CheckSpec } from '../checks/catalog';
import { checkWeight, defaultWeight, type WeightOf } from '../risk-weights';

/** checkId -> state -> weight in log-odds. Only weights that differ from the catalog's are kept. */
export type RiskWeights = Record<string, Record<string, number>>;

/**
 * The range a policy weight may take: a likelihood ratio from about 1/400 (strong trust) to about
 * 3,000 (beyond a sanctions hit, 6); wider would let one state decide every session alone.
 */
export const MIN_POLICY_WEIGHT = -6;
export const MAX_POLICY_WEIGHT = 8;

const catalog: Readonly<Record<string, CheckSpec>> = CHECK_CATALOG;

/** Weights are kept to 2 decimals: finer steps move no risk a band and clutter the audit row. */
export const round2 = (value: number): number => Math.round(value * 100) / 100;

const isPolicyWeight = (value: unknown): value is number =>
  typeof value === 'number' &&
  Number.isFinite(value) &&
  value >= MIN_POLICY_WEIGHT &&
  value <= MAX_POLICY_WEIGHT;

/** Every offence at once, by path: an unknown check id, an unknown state, a weight out of range. */
function weightIssues(weights: Record<string, Record<string, unknown>>, ctx: z.RefinementCtx): void {
  for (const [checkId, states] of Object.entries(weights)) {
    if (catalog[checkId] === undefined) {
      ctx.addIssue({ code: 'custom', path: [checkId], message: 'is not a check id' });
      continue;
    }
    for (const [state, weight] of Object.entries(states)) {
      if (defaultWeight(checkId, state) === undefined) {
        ctx.addIssue({ code: 'custom', path: [checkId, state], message: `is not a state of ${checkId}` });
      } else if (!isPolicyWeight(weight)) {
        ctx.addIssue({
          code: 'custom',
          path: [checkId, state],
          message: `must be a number from ${MIN_POLICY_WEIGHT} to ${MAX_POLICY_WEIGHT}`,
        });
      }
    }
  }
}

/** Narrows what weightIssues accepted, rounds to 2 decimals and drops the catalog's own weights. */
function toWeights(weights: Record<string, Record<string, unknown>>): RiskWeights {
  const kept: RiskWeights = {};
  for (const [checkId, states] of Object.entries(weights)) {
    const differing = Object.entries(states)
      .filter((entry): entry is [string, number] => isPolicyWeight(entry[1]))
      .map(([state, weight]) => [state, round2(weight)] as const)
      .filter(([state, weight]) => defaultWeight(checkId, state) !== weight);
    if (differing.length > 0) kept[checkId] = Object.fromEntries(differing);
  }
  return kept;
}

/**
 * Weights per check and state, refused by path like the level overrides; a weight equal to the
 * catalog's is accepted and dropped, so a form may send every weight it shows.
 */
export const riskWeightsSchema = z
  .record(z.string(), z.record(z.string(), z.unknown()))
  .superRefine(weightIssues)
  .transform(toWeights);

export interface WeightEntry {
  checkId: string;
  state: string;
  weight: number;
  defaultWeight: number;
}

/** The weights as a flat list in catalog order, each with the catalog weight it replaces. */
export function weightEntries(weights: RiskWeights): WeightEntry[] {
  const entries: WeightEntry[] = [];
  for (const [checkId, spec] of Object.entries(catalog)) {
    for (const state of Object.keys(spec.states)) {
      const weight = weights[checkId]?.[state];
      const fallback = defaultWeight(checkId, state);
      if (weight === undefined || fallback === undefined) continue;
      entries.push({ checkId, state, weight, defaultWeight: fallback });
    }
  }
  return entries;
}

/**
 * The scorer's weights under a policy: the policy's weight for a (check, state) it sets, while the
 * check stands at the level the policy's levels (or the catalog) give that state; otherwise, as
 * without weights (checkWeight). A level moved after the policy (the coverage rule for absence)
 * weighs as that level says, as a catalog weight would.
 */
export function policyWeigher(
  weights: RiskWeights,
  levelOf: (checkId: string, state: string) => string | undefined,
): WeightOf {
  return (check) => {
    const weight = weights[check.id]?.[check.state];
    if (weight === undefined || levelOf(check.id, check.state) !== check.risk) return checkWeight(check);
    return weight;
  };
}
