// "Backtest before saving": the workspace's recent sessions, from their latest call's stored check
// states, risk and rule facts (no identifiers are read), decided under the rules in force and
// under proposed ones, beside the analysts' decisions in force.
import { and, desc, eq, gte } from 'drizzle-orm';
import type { Executor } from '@/lib/db/client';
import { sessionCalls, sessions } from '@/lib/db/schema';
import { backtestRules, type ReplayedCall, type RulesBacktest } from '@/lib/engine/rules/backtest';
import { isRuleOutcome, type RuleSet, rulesInForce } from '@/lib/engine/rules/rule-set';
import type { WorkspaceContext } from '../context';
import { latestRules } from './get-rules';

/** The most recent sessions replayed at most: enough to judge, cheap to decide. */
export const RULES_BACKTEST_LIMIT = 5_000;

export interface RulesBacktestResult extends RulesBacktest {
  days: number;
  /** The version the "before" side was decided under; 0 when the workspace has no rules. */
  currentVersion: number;
}

export async function backtestRuleSet(
  db: Executor,
  ctx: WorkspaceContext,
  proposed: RuleSet,
  days: number,
  now: Date = new Date(),
): Promise<RulesBacktestResult> {
  const since = new Date(now.getTime() - days * 86_400_000);
  const current = await latestRules(db, ctx.workspaceId);
  // Each session's latest call in the window; the most recent sessions first.
  const latest = db
    .selectDistinctOn([sessionCalls.sessionId], {
      sessionId: sessionCalls.sessionId,
      checks: sessionCalls.checks,
      risk: sessionCalls.risk,
      ruleFacts: sessionCalls.ruleFacts,
      createdAt: sessionCalls.createdAt,
    })
    .from(sessionCalls)
    .where(and(eq(sessionCalls.workspaceId, ctx.workspaceId), gte(sessionCalls.createdAt, since)))
    .orderBy(sessionCalls.sessionId, desc(sessionCalls.createdAt), desc(sessionCalls.id))
    .as('latest');
  const rows = await db
    .select({
      sessionId: latest.sessionId,
      checks: latest.checks,
      risk: latest.risk,
      ruleFacts: latest.ruleFacts,
      decision: sessions.decision,
    })
    .from(latest)
    .innerJoin(sessions, eq(sessions.id, latest.sessionId))
    .orderBy(desc(latest.createdAt))
    .limit(RULES_BACKTEST_LIMIT);
  const calls = rows.map(
    (row): ReplayedCall => ({
      sessionId: row.sessionId,
      facts: {
        checks: row.checks,
        risk: row.risk,
        velocity: row.ruleFacts?.velocity ?? null,
        lists: row.ruleFacts?.lists ?? [],
      },
      analyst: isRuleOutcome(row.decision) ? row.decision : null,
    }),
  );
  const version = (current?.version ?? 0) + 1;
  return {
    days,
    currentVersion: current?.version ?? 0,
    ...backtestRules(rulesInForce(current), { version, ...proposed }, calls),
  };
}
