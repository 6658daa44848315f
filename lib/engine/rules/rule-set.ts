// A workspace's decision rules (issue 33): ordered rules, each a set of conditions over what a
// Verify call found (check states, the risk band, workspace list matches, velocity counts) and an
// outcome with a reason code; the first rule that matches decides, else the default. One zod
// schema serves the console's form and routes, the service and the OpenAPI document.
import { z } from 'zod';
import { LIST_KINDS, LISTS } from '@/lib/contract/console/workspace-lists';
import { CHECK_CATALOG, type CheckSpec } from '../checks/catalog';
import type { RiskBand } from '../risk';
import { VELOCITY_HUB_KINDS, VELOCITY_WINDOWS } from '../velocity/facts';

/** What a rule (or the default) decides; the same three words as an analyst's decision. */
export const RULE_OUTCOMES = ['approve', 'review', 'decline'] as const;
export type RuleOutcome = (typeof RULE_OUTCOMES)[number];

export const isRuleOutcome = (value: string | null): value is RuleOutcome =>
  RULE_OUTCOMES.some((outcome) => outcome === value);

export const RISK_BANDS = ['low', 'medium', 'high'] as const satisfies readonly RiskBand[];

/** Most rules a workspace keeps, and conditions per rule: a form a person can still read. */
export const MAX_RULES = 50;
export const MAX_CONDITIONS = 10;

const catalog: Readonly<Record<string, CheckSpec>> = CHECK_CATALOG;

const outcome = z.enum(RULE_OUTCOMES, { error: `must be one of ${RULE_OUTCOMES.join(', ')}` });

/** A reason code the calling system can switch on: upper-case letters, digits and underscores. */
export const reasonCodeSchema = z
  .string()
  .trim()
  .regex(
    /^[A-Z][A-Z0-9_]{1,47}$/,
    'must be 2 to 48 upper-case letters, digits or underscores, a letter first',
  );

const checkCondition = z
  .strictObject({
    type: z.literal('check'),
    checkId: z.string(),
    /** Any one of these states matches. */
    states: z.array(z.string()).min(1).max(30),
  })
  .superRefine((value, ctx) => {
    const spec = catalog[value.checkId];
    if (spec === undefined) {
      ctx.addIssue({ code: 'custom', path: ['checkId'], message: 'is not a check id' });
      return;
    }
    value.states.forEach((state, i) => {
      if (!(state in spec.states)) {
        ctx.addIssue({ code: 'custom', path: ['states', i], message: `is not a state of ${value.checkId}` });
      }
    });
  });

const bandCondition = z.strictObject({
  type: z.literal('risk_band'),
  bands: z.array(z.enum(RISK_BANDS)).min(1).max(3),
});

const listCondition = z.strictObject({
  type: z.literal('list'),
  list: z.enum(LISTS),
  /** Only matches of these kinds; every kind when absent. */
  kinds: z.array(z.enum(LIST_KINDS)).min(1).max(LIST_KINDS.length).optional(),
});

const velocityCondition = z.strictObject({
  type: z.literal('velocity'),
  hub: z.enum(VELOCITY_HUB_KINDS),
  window: z.enum(VELOCITY_WINDOWS),
  /** Other identities on the hub in the window, at least. */
  atLeast: z.int().min(1).max(100_000),
});

export const ruleConditionSchema = z.discriminatedUnion('type', [
  checkCondition,
  bandCondition,
  listCondition,
  velocityCondition,
]);
export type RuleCondition = z.output<typeof ruleConditionSchema>;
export const CONDITION_TYPES = [
  'check',
  'risk_band',
  'list',
  'velocity',
] as const satisfies readonly RuleCondition['type'][];

export const ruleSchema = z.strictObject({
  /** Stable across versions, so an answer's rule can be found in the editor. */
  id: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, 'must be 1 to 40 letters, digits, _ or -'),
  name: z.string().trim().min(1, 'must not be empty').max(80),
  /** all: every condition holds; any: at least one does. */
  match: z.enum(['all', 'any']),
  conditions: z.array(ruleConditionSchema).min(1, 'needs at least one condition').max(MAX_CONDITIONS),
  outcome,
  reasonCode: reasonCodeSchema,
});
export type Rule = z.output<typeof ruleSchema>;

export const ruleSetSchema = z
  .strictObject({
    rules: z.array(ruleSchema).max(MAX_RULES),
    /** What a call gets when no rule matches. */
    defaultOutcome: outcome,
    defaultReasonCode: reasonCodeSchema,
  })
  .superRefine((value, ctx) => {
    const seen = new Set<string>();
    value.rules.forEach((rule, i) => {
      if (seen.has(rule.id))
        ctx.addIssue({ code: 'custom', path: ['rules', i, 'id'], message: 'is used twice' });
      seen.add(rule.id);
    });
  });
export type RuleSet = z.output<typeof ruleSetSchema>;

/** A saved rule set: version 1 is the first save; a workspace without rules has none. */
export interface RuleSetVersion extends RuleSet {
  version: number;
}

/**
 * The rules that decide, or null: a workspace that never saved rules, or whose latest version has
 * none (an admin removed them all), answers as before, without an outcome.
 */
export const rulesInForce = (set: RuleSetVersion | null): RuleSetVersion | null =>
  set && set.rules.length > 0 ? set : null;
