// What the editor starts a new rule, condition or rule set with: complete enough to read at a
// glance, and where a choice is the person's own (which states, the reason code), left for them.
import type { z } from 'zod';
import type { RuleCondition, RuleSet, ruleSetSchema } from '@/lib/contract/console/rules';

export type RuleSetInput = z.input<typeof ruleSetSchema>;
export type RuleInput = RuleSetInput['rules'][number];
export type ConditionInput = RuleInput['conditions'][number];
export type ConditionType = RuleCondition['type'];

export const CONDITION_LABEL: Record<ConditionType, string> = {
  check: 'Check state',
  risk_band: 'Risk band',
  list: 'List match',
  velocity: 'Velocity',
};

/** `rule-` and 8 base36 digits: ids stay stable across versions, so they are made once, here. */
export function newRuleId(): string {
  const digits = new Uint8Array(8);
  crypto.getRandomValues(digits);
  return `rule-${Array.from(digits, (d) => (d % 36).toString(36)).join('')}`;
}

export function newCondition(type: ConditionType): ConditionInput {
  switch (type) {
    case 'check':
      return { type, checkId: '', states: [] };
    case 'risk_band':
      return { type, bands: ['high'] };
    case 'list':
      return { type, list: 'block' };
    case 'velocity':
      return { type, hub: 'phone', window: 'day', atLeast: 5 };
  }
}

export function newRule(): RuleInput {
  return {
    id: newRuleId(),
    name: '',
    match: 'all',
    conditions: [newCondition('risk_band')],
    outcome: 'review',
    reasonCode: '',
  };
}

/** The form's values: the version in force, or no rules and an approving default. */
export function initialValues(current: RuleSet | null): RuleSetInput {
  if (current) {
    const { rules, defaultOutcome, defaultReasonCode } = current;
    return { rules, defaultOutcome, defaultReasonCode };
  }
  return { rules: [], defaultOutcome: 'approve', defaultReasonCode: 'NO_RULE_MATCHED' };
}

/** A stable key of a rule set, to tell whether a backtest still matches the draft. */
export const ruleSetKey = (ruleSet: RuleSet): string => JSON.stringify(ruleSet);
