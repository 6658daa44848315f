// A workspace's risk policy: the risk level it sets for some (check, state) pairs, overriding the
// catalog's defaults; any state's level may be overridden, pinned ones too (docs/api/operations.md).
// One zod schema serves the service, the console form and route, and the CLI.
import { z } from 'zod';
import { CHECK_CATALOG, type CheckSpec, type StateSpec } from '../checks/catalog';
import type { WeightOf } from '../risk-weights';
import type { FieldError, ParseResult, RiskLevel } from '../types';
import { policyWeigher, type RiskWeights } from './weights';

export const RISK_LEVELS = ['HIGH', 'MED', 'LOW', 'NONE'] as const satisfies readonly RiskLevel[];

/** checkId -> state -> level. Only levels that differ from the catalog's default are kept. */
export type RiskOverrides = Record<string, Record<string, RiskLevel>>;

export interface RiskPolicy {
  /** 0 is the catalog's defaults; each save is the next version. */
  version: number;
  overrides: RiskOverrides;
  /** checkId -> state -> weight of evidence, where it differs from the catalog's (weights.ts). */
  weights: RiskWeights;
}

export const DEFAULT_POLICY: RiskPolicy = { version: 0, overrides: {}, weights: {} };

const catalog: Readonly<Record<string, CheckSpec>> = CHECK_CATALOG;

/** The catalog's entry for a (check, state), or undefined when it has no such pair. */
export function stateDefault(checkId: string, state: string): StateSpec | undefined {
  const states: Readonly<Record<string, StateSpec>> | undefined = catalog[checkId]?.states;
  return states?.[state];
}

/** Drops levels equal to the catalog's default, and checks left with none. */
function withoutDefaults(levels: RiskOverrides): RiskOverrides {
  const kept: RiskOverrides = {};
  for (const [checkId, states] of Object.entries(levels)) {
    const differing = Object.entries(states).filter(
      ([state, risk]) => stateDefault(checkId, state)?.risk !== risk,
    );
    if (differing.length > 0) kept[checkId] = Object.fromEntries(differing);
  }
  return kept;
}

const isRiskLevel = (value: unknown): value is RiskLevel => RISK_LEVELS.some((level) => level === value);

/** Every offence at once: an unknown check id, an unknown state, a level that is none of the four. */
function catalogIssues(levels: Record<string, Record<string, unknown>>, ctx: z.RefinementCtx): void {
  for (const [checkId, states] of Object.entries(levels)) {
    if (catalog[checkId] === undefined) {
      ctx.addIssue({ code: 'custom', path: [checkId], message: 'is not a check id' });
      continue;
    }
    for (const [state, risk] of Object.entries(states)) {
      if (stateDefault(checkId, state) === undefined) {
        ctx.addIssue({ code: 'custom', path: [checkId, state], message: `is not a state of ${checkId}` });
      } else if (!isRiskLevel(risk)) {
        ctx.addIssue({
          code: 'custom',
          path: [checkId, state],
          message: `must be one of ${RISK_LEVELS.join(', ')}`,
        });
      }
    }
  }
}

/** Narrows what catalogIssues accepted (only levels remain) and drops the defaults. */
function toOverrides(levels: Record<string, Record<string, unknown>>): RiskOverrides {
  const typed: RiskOverrides = {};
  for (const [checkId, states] of Object.entries(levels)) {
    typed[checkId] = Object.fromEntries(
      Object.entries(states).filter((entry): entry is [string, RiskLevel] => isRiskLevel(entry[1])),
    );
  }
  return withoutDefaults(typed);
}

/**
 * Levels per check and state; unknown check ids, states and levels are refused by path. A level
 * equal to the default is accepted and dropped, so a form may send every level it shows.
 */
export const riskOverridesSchema = z
  .record(z.string(), z.record(z.string(), z.unknown()))
  .superRefine(catalogIssues)
  .transform(toOverrides);

/** zod issues as the API's field errors, each message led by its path. */
export function overrideFieldErrors(issues: readonly z.core.$ZodIssue[]): FieldError[] {
  return issues.map((issue): FieldError => {
    const path = issue.path.map(String).join('.');
    const message =
      issue.code === 'unrecognized_keys' ? `unknown field(s): ${issue.keys.join(', ')}` : issue.message;
    return { path, message: `${path || 'body'}: ${message}`, code: 'INVALID_INPUT' };
  });
}

export function parseRiskOverrides(body: unknown): ParseResult<RiskOverrides> {
  const result = riskOverridesSchema.safeParse(body);
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, code: 'INVALID_INPUT', errors: overrideFieldErrors(result.error.issues) };
}

export interface OverrideEntry {
  checkId: string;
  state: string;
  risk: RiskLevel;
  defaultRisk: RiskLevel;
  /** Pinned: the API's contract fixes this state's default level (docs/api/operations.md). */
  pinned: boolean;
}

/** The overrides as a flat list in catalog order, each with the default it replaces. */
export function overrideEntries(overrides: RiskOverrides): OverrideEntry[] {
  const entries: OverrideEntry[] = [];
  for (const [checkId, spec] of Object.entries(catalog)) {
    for (const [state, stateSpec] of Object.entries(spec.states)) {
      const risk = overrides[checkId]?.[state];
      if (risk === undefined) continue;
      entries.push({ checkId, state, risk, defaultRisk: stateSpec.risk, pinned: stateSpec.pinned === true });
    }
  }
  return entries;
}

/** The policy's level for a (check, state), when it sets one. */
export function policyRisk(policy: RiskPolicy, checkId: string, state: string): RiskLevel | undefined {
  return policy.overrides[checkId]?.[state];
}

/** The level a (check, state) has under the policy: its override, else the catalog's default. */
export const policyLevel = (policy: RiskPolicy, checkId: string, state: string): RiskLevel | undefined =>
  policyRisk(policy, checkId, state) ?? stateDefault(checkId, state)?.risk;

/** The scorer's weights under the policy (scoreRisk's `weightOf`). */
export function policyWeights(policy: RiskPolicy): WeightOf {
  return policyWeigher(policy.weights, (checkId, state) => policyLevel(policy, checkId, state));
}
