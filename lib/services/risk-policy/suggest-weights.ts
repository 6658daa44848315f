// "Learn from decisions": the workspace's decided sessions as labels (decline 1, approve 0; review
// is no label), the checks of the call each was decided on, and the engine's fit and held-out
// backtest (lib/engine/risk-policy/fit-weights.ts). Reads only; adopting is an ordinary save.
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '@/lib/db/client';
import { sessionCalls, sessions } from '@/lib/db/schema';
import { weighAbsence } from '@/lib/engine/coverage';
import {
  type LabelledSession,
  suggestWeights,
  type WeightSuggestion,
} from '@/lib/engine/risk-policy/fit-weights';
import type { Check } from '@/lib/engine/types';
import type { WorkspaceContext } from '../context';
import { workspaceCoverage } from '../coverage';
import { latestPolicy } from './get-policy';

/** The most recently decided sessions read at most: plenty for a fit, cheap to score twice. */
export const SUGGESTION_LIMIT = 20_000;

/**
 * Each decided session's label and the checks of the call the decision was made on: its latest
 * call at or before the decision, else (a call stored after it) its latest call.
 */
export async function labelledSessions(
  db: Executor,
  workspaceId: string,
  limit = SUGGESTION_LIMIT,
): Promise<LabelledSession[]> {
  const decided = db
    .selectDistinctOn([sessionCalls.sessionId], {
      sessionId: sessionCalls.sessionId,
      checks: sessionCalls.checks,
      decision: sessions.decision,
      decidedAt: sessions.decidedAt,
    })
    .from(sessionCalls)
    .innerJoin(sessions, eq(sessions.id, sessionCalls.sessionId))
    .where(and(eq(sessions.workspaceId, workspaceId), inArray(sessions.decision, ['approve', 'decline'])))
    .orderBy(
      sessionCalls.sessionId,
      sql`(${sessionCalls.createdAt} <= ${sessions.decidedAt}) desc`,
      desc(sessionCalls.createdAt),
    )
    .as('decided');
  const rows = await db
    .select({ sessionId: decided.sessionId, checks: decided.checks, decision: decided.decision })
    .from(decided)
    .orderBy(desc(decided.decidedAt), decided.sessionId)
    .limit(limit);
  return rows.map((row) => ({
    sessionId: row.sessionId,
    checks: row.checks,
    declined: row.decision === 'decline',
  }));
}

export interface SuggestionOptions {
  now?: Date;
  limit?: number;
}

/** The suggestion for the workspace under the policy in force, absence weighed as Verify weighs it now. */
export async function weightSuggestion(
  db: Executor,
  ctx: WorkspaceContext,
  options: SuggestionOptions = {},
): Promise<WeightSuggestion> {
  const { workspaceId } = ctx;
  const [policy, labelled, coverage] = await Promise.all([
    latestPolicy(db, workspaceId),
    labelledSessions(db, workspaceId, options.limit),
    workspaceCoverage(db, workspaceId, options.now ?? new Date()),
  ]);
  return suggestWeights(labelled, policy, {
    adjust: (checks: Check[]) => weighAbsence(checks, coverage),
  });
}
