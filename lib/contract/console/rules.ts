// Bodies and answers of the console's rules routes (Admin, Rules): the routes parse with these
// schemas and the editor's form validates with the same ones (browser-safe: zod and engine types).
import { z } from 'zod';
import { ruleSetSchema } from '@/lib/engine/rules/rule-set';
import { MAX_BACKTEST_DAYS } from './risk-policy';

export type { OutcomeCounts, RulesBacktest } from '@/lib/engine/rules/backtest';
export type { RuleDecision } from '@/lib/engine/rules/decide';
export {
  CONDITION_TYPES,
  MAX_CONDITIONS,
  MAX_RULES,
  RISK_BANDS,
  RULE_OUTCOMES,
  type Rule,
  type RuleCondition,
  type RuleOutcome,
  type RuleSet,
  type RuleSetVersion,
  ruleSetSchema,
} from '@/lib/engine/rules/rule-set';

/** PUT /api/console/rules: the rules to save on top of the version the editor loaded (0: none). */
export const saveRulesRequestSchema = z.strictObject({
  ruleSet: ruleSetSchema,
  expectedVersion: z.int().min(0),
});
export type SaveRulesRequest = z.output<typeof saveRulesRequestSchema>;

/** POST /api/console/rules/backtest: the rules to try over the last `days` of sessions. */
export const backtestRulesRequestSchema = z.strictObject({
  ruleSet: ruleSetSchema,
  days: z.int().min(1).max(MAX_BACKTEST_DAYS).default(30),
});
export type BacktestRulesRequest = z.output<typeof backtestRulesRequestSchema>;

export const OUTCOME_LABEL = { approve: 'Approve', review: 'Review', decline: 'Decline' } as const;
