// Analyst decisions on a workspace's sessions: recorded append-only with their audit row in one
// transaction, read back newest first. A session of another workspace answers as a missing one.
import { and, desc, eq, sql } from 'drizzle-orm';
import type { DecisionRecord, DecisionRequest } from '@/lib/contract/console/decisions';
import type { Database, Executor } from '@/lib/db/client';
import { sessionDecisions, sessions, users } from '@/lib/db/schema';
import { decisionRecordedEvent } from '@/lib/engine/webhooks/events';
import { newId } from '@/lib/ids/ids';
import { writeAudit } from '../audit';
import type { WorkspaceContext } from '../context';
import { enqueueEvent } from '../webhooks/outbox';
import { isDecision, isWorkspaceReason } from './reasons';

export type RecordDecisionResult =
  | { ok: true; value: DecisionRecord }
  | { ok: false; reason: 'not_found' | 'unknown_reason' }
  /** `replaces` named another decision than the one in force (or none while one is). */
  | { ok: false; reason: 'conflict'; current: DecisionRecord | null };

/** Records a decision (the actor is the context's console user) and makes it the session's. */
export async function recordDecision(
  db: Database,
  ctx: WorkspaceContext,
  input: DecisionRequest & { sessionId: string; requestId: string },
): Promise<RecordDecisionResult> {
  return db.transaction(async (tx): Promise<RecordDecisionResult> => {
    // Locked so two decisions on one session land one after the other, the later in force.
    const [session] = await tx
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.id, input.sessionId), eq(sessions.workspaceId, ctx.workspaceId)))
      .for('update');
    if (!session) return { ok: false, reason: 'not_found' };
    if (!(await isWorkspaceReason(tx, ctx, { decision: input.decision, label: input.reason }))) {
      return { ok: false, reason: 'unknown_reason' };
    }
    // Under the session's lock: no decision can land between this read and the insert.
    if (input.replaces !== undefined) {
      const [current = null] = await history(tx, ctx, session.id, 1);
      if ((current?.id ?? null) !== input.replaces) return { ok: false, reason: 'conflict', current };
    }
    const note = input.note?.trim() ? input.note : null;
    const [row] = await tx
      .insert(sessionDecisions)
      .values({
        id: newId('dec'),
        workspaceId: ctx.workspaceId,
        sessionId: session.id,
        decision: input.decision,
        reason: input.reason,
        note,
        actor: ctx.actor,
        requestId: input.requestId,
        // Read after the lock, so the later of two concurrent decisions has the later time.
        createdAt: sql`clock_timestamp()`,
      })
      .returning();
    if (!row) throw new Error('decision insert returned nothing');
    await tx
      .update(sessions)
      .set({ decision: input.decision, decidedAt: row.createdAt })
      .where(eq(sessions.id, session.id));
    await writeAudit(tx, {
      workspaceId: ctx.workspaceId,
      actor: ctx.actor,
      requestId: input.requestId,
      action: 'session.decide',
      targetId: session.id,
      metadata: {
        decisionId: row.id,
        decision: input.decision,
        reason: input.reason,
        note: note !== null,
        requestId: input.requestId,
      },
    });
    // Pushed to the workspace's endpoints with the decision, or not at all (the same transaction).
    await enqueueEvent(
      tx,
      ctx.workspaceId,
      decisionRecordedEvent(
        { sessionId: session.id, decisionId: row.id, decision: input.decision, reason: input.reason },
        row.createdAt,
      ),
    );
    const [actor] = await tx.select({ email: users.email }).from(users).where(eq(users.id, ctx.actor));
    return { ok: true, value: toRecord({ ...row, email: actor?.email ?? null }) };
  });
}

interface DecisionRow {
  id: string;
  decision: string;
  reason: string;
  note: string | null;
  actor: string;
  email: string | null;
  requestId: string;
  createdAt: Date;
}

function toRecord(row: DecisionRow): DecisionRecord {
  if (!isDecision(row.decision)) throw new Error(`stored decision ${row.decision} is not a decision`);
  return {
    id: row.id,
    decision: row.decision,
    reason: row.reason,
    note: row.note,
    actor: { id: row.actor, email: row.email },
    requestId: row.requestId,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Every decision on the session, newest first; null when the workspace has no such session. */
export async function decisionHistory(
  db: Executor,
  ctx: WorkspaceContext,
  sessionId: string,
): Promise<DecisionRecord[] | null> {
  const [session] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.workspaceId, ctx.workspaceId)));
  if (!session) return null;
  return history(db, ctx, session.id);
}

/** The session's decisions newest first (at most `limit`), with their actors' emails. */
async function history(
  db: Executor,
  ctx: WorkspaceContext,
  sessionId: string,
  limit?: number,
): Promise<DecisionRecord[]> {
  const query = db
    .select({
      id: sessionDecisions.id,
      decision: sessionDecisions.decision,
      reason: sessionDecisions.reason,
      note: sessionDecisions.note,
      actor: sessionDecisions.actor,
      email: users.email,
      requestId: sessionDecisions.requestId,
      createdAt: sessionDecisions.createdAt,
    })
    .from(sessionDecisions)
    .leftJoin(users, eq(users.id, sessionDecisions.actor))
    .where(and(eq(sessionDecisions.sessionId, sessionId), eq(sessionDecisions.workspaceId, ctx.workspaceId)))
    .orderBy(desc(sessionDecisions.createdAt), desc(sessionDecisions.id));
  const rows = limit === undefined ? await query : await query.limit(limit);
  return rows.map(toRecord);
}
