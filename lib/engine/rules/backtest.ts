// "Backtest before saving": the workspace's recent calls decided again under the rules in force
// and under proposed ones, and, where an analyst decided the session, the two set side by side.
// Pure: the service reads the stored calls (check states, risk, counts; no personal data).
import { decide, type RuleFacts } from './decide';
import type { RuleOutcome, RuleSetVersion } from './rule-set';

export type OutcomeCounts = Record<RuleOutcome, number>;

/** One session's latest call in the window, and the analyst's decision in force, if any. */
export interface ReplayedCall {
  sessionId: string;
  facts: RuleFacts;
  analyst: RuleOutcome | null;
}

export interface RulesBacktest {
  sessions: number;
  /** Under the rules in force; null when the workspace has none. */
  before: OutcomeCounts | null;
  after: OutcomeCounts;
  /** Sessions whose outcome the proposed rules change (all of them when none are in force). */
  changed: number;
  /** How often each proposed rule decided; the default as id null. */
  byRule: { ruleId: string | null; name: string; count: number }[];
  /** Sessions an analyst decided: analyst decision -> proposed outcome -> count. */
  versusAnalysts: Record<RuleOutcome, OutcomeCounts>;
  /** Of the sessions analysts declined, how many the proposed rules decline. */
  declinesCaught: number;
  declinedByAnalysts: number;
  /** Of the sessions analysts approved, how many the proposed rules would decline. */
  approvalsDeclined: number;
  approvedByAnalysts: number;
  /** A few sessions whose outcome would change, to open in the console. */
  examples: { sessionId: string; from: RuleOutcome | null; to: RuleOutcome; analyst: RuleOutcome | null }[];
}

const EXAMPLES = 8;
const none = (): OutcomeCounts => ({ approve: 0, review: 0, decline: 0 });

export function backtestRules(
  current: RuleSetVersion | null,
  proposed: RuleSetVersion,
  calls: readonly ReplayedCall[],
): RulesBacktest {
  const result: RulesBacktest = {
    sessions: calls.length,
    before: current ? none() : null,
    after: none(),
    changed: 0,
    byRule: [],
    versusAnalysts: { approve: none(), review: none(), decline: none() },
    declinesCaught: 0,
    declinedByAnalysts: 0,
    approvalsDeclined: 0,
    approvedByAnalysts: 0,
    examples: [],
  };
  const byRule = new Map<string | null, number>();
  for (const call of calls) {
    const before = current ? decide(current, call.facts).decision : null;
    const after = decide(proposed, call.facts);
    if (result.before && before) result.before[before]++;
    result.after[after.decision]++;
    byRule.set(after.rule?.id ?? null, (byRule.get(after.rule?.id ?? null) ?? 0) + 1);
    if (call.analyst) {
      result.versusAnalysts[call.analyst][after.decision]++;
      if (call.analyst === 'decline') {
        result.declinedByAnalysts++;
        if (after.decision === 'decline') result.declinesCaught++;
      }
      if (call.analyst === 'approve') {
        result.approvedByAnalysts++;
        if (after.decision === 'decline') result.approvalsDeclined++;
      }
    }
    if (before === after.decision) continue;
    result.changed++;
    if (result.examples.length < EXAMPLES) {
      result.examples.push({
        sessionId: call.sessionId,
        from: before,
        to: after.decision,
        analyst: call.analyst,
      });
    }
  }
  result.byRule = [
    ...proposed.rules.map((rule) => ({ ruleId: rule.id, name: rule.name, count: byRule.get(rule.id) ?? 0 })),
    { ruleId: null, name: 'Default', count: byRule.get(null) ?? 0 },
  ];
  return result;
}
