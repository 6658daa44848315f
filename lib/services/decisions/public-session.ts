// A session as the API shows it to its workspace's backend (GET /api/sessions/{id}): its risk and
// the decision in force, so the calling system can act on the analyst's word, and the outcome the
// workspace's rules gave its latest call.
import { and, desc, eq } from 'drizzle-orm';
import type { PublicSession } from '@/lib/contract/schemas/session';
import type { Executor } from '@/lib/db/client';
import { sessionCalls, sessionDecisions, sessions } from '@/lib/db/schema';
import { riskBand } from '@/lib/engine/risk';
import type { WorkspaceContext } from '../context';
import { isDecision } from './reasons';

/** The session with its latest decision; null when the workspace has no such session. */
export async function publicSession(
  db: Executor,
  ctx: WorkspaceContext,
  sessionId: string,
): Promise<PublicSession | null> {
  const [session] = await db
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      updatedAt: sessions.updatedAt,
      calls: sessions.calls,
      lastRisk: sessions.lastRisk,
      decidedAt: sessions.decidedAt,
    })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.workspaceId, ctx.workspaceId)));
  if (!session) return null;
  // The latest call's rules outcome (session_calls_session_created_idx), beside the latest decision.
  const [latestCall] = await db
    .select({ outcome: sessionCalls.outcome })
    .from(sessionCalls)
    .where(eq(sessionCalls.sessionId, session.id))
    .orderBy(desc(sessionCalls.createdAt), desc(sessionCalls.id))
    .limit(1);
  // A decision is in force while the session holds it: a monitoring hit clears it (and puts the
  // session back in the review queue) while session_decisions keeps the history.
  const [latest] =
    session.decidedAt === null
      ? []
      : await db
          .select({
            id: sessionDecisions.id,
            decision: sessionDecisions.decision,
            reason: sessionDecisions.reason,
            createdAt: sessionDecisions.createdAt,
          })
          .from(sessionDecisions)
          .where(
            and(
              eq(sessionDecisions.sessionId, session.id),
              eq(sessionDecisions.workspaceId, ctx.workspaceId),
            ),
          )
          .orderBy(desc(sessionDecisions.createdAt), desc(sessionDecisions.id))
          .limit(1);
  return {
    sessionId: session.id,
    createdAt: session.createdAt.toISOString(),
    updatedAt: session.updatedAt.toISOString(),
    calls: session.calls,
    risk: session.lastRisk,
    band: riskBand(session.lastRisk),
    decision:
      latest && isDecision(latest.decision)
        ? {
            id: latest.id,
            decision: latest.decision,
            reason: latest.reason,
            decidedAt: latest.createdAt.toISOString(),
          }
        : null,
    ...(latestCall?.outcome ? { outcome: latestCall.outcome } : {}),
  };
}
