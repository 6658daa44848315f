// The review queue: a workspace's undecided sessions in the medium and high bands, oldest first,
// read through the partial index sessions_review_queue_idx; and claiming one (race-safe, audited).
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type {
  Assignee,
  QueueItem,
  QueueReason,
  QueueSort,
  ReviewQueue,
} from '@/lib/contract/console/decisions';
import type { Database, Executor } from '@/lib/db/client';
import { sessionCalls, sessions, users } from '@/lib/db/schema';
import { rankReasons } from '@/lib/engine/reasons';
import { riskBand } from '@/lib/engine/risk';
import { mergeMaskedSummaries } from '@/lib/engine/session-timeline';
import type { Check } from '@/lib/engine/types';
import { writeAudit } from '../audit';
import type { WorkspaceContext } from '../context';
import { sessionItems } from '../sessions-query';

/** Sessions above this risk (the low band's upper bound, as riskBand()) need a person. */
export const REVIEW_QUEUE_MIN_RISK = 0.5;
export const REVIEW_QUEUE_LIMIT = 50;

// Exactly the partial index's predicate, so the planner can use it.
const waiting = (workspaceId: string) =>
  and(
    eq(sessions.workspaceId, workspaceId),
    isNull(sessions.decision),
    sql`${sessions.lastRisk} > ${sql.raw(String(REVIEW_QUEUE_MIN_RISK))}`,
  );

function assigneeOf(row: { assignedTo: string | null; assignedAt: Date | null; email: string | null }) {
  if (row.assignedTo === null || row.assignedAt === null) return null;
  return { id: row.assignedTo, email: row.email, at: row.assignedAt.toISOString() };
}

const EMPTY_INPUTS = mergeMaskedSummaries([]);

/** Reasons listed per queued session. */
export const QUEUE_REASONS = 3;

const isRaising = (risk: string): risk is QueueReason['risk'] => risk === 'HIGH' || risk === 'MED';

/** The latest call's high and medium checks of each session, strongest first. */
async function latestReasons(db: Executor, ids: string[]): Promise<Map<string, QueueReason[]>> {
  const out = new Map<string, QueueReason[]>();
  if (ids.length === 0) return out;
  // session_calls_session_created_idx: one row per session, its latest call.
  const rows = await db
    .selectDistinctOn([sessionCalls.sessionId], {
      sessionId: sessionCalls.sessionId,
      checks: sessionCalls.checks,
    })
    .from(sessionCalls)
    .where(inArray(sessionCalls.sessionId, ids))
    .orderBy(sessionCalls.sessionId, desc(sessionCalls.createdAt), desc(sessionCalls.id));
  for (const row of rows) {
    const checks: (Check & { contribution?: number })[] = Array.isArray(row.checks) ? row.checks : [];
    const reasons = rankReasons(checks)
      .slice(0, QUEUE_REASONS)
      .flatMap(({ id, name, state, risk }): QueueReason[] =>
        isRaising(risk) ? [{ id, name, state, risk }] : [],
      );
    out.set(row.sessionId, reasons);
  }
  return out;
}

export async function reviewQueue(
  db: Executor,
  ctx: WorkspaceContext,
  options: { limit?: number; sort?: QueueSort } = {},
): Promise<ReviewQueue> {
  const limit = options.limit ?? REVIEW_QUEUE_LIMIT;
  const order =
    options.sort === 'risk'
      ? [desc(sessions.lastRisk), asc(sessions.createdAt), asc(sessions.id)]
      : [asc(sessions.createdAt), asc(sessions.id)];
  const rows = await db
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      updatedAt: sessions.updatedAt,
      calls: sessions.calls,
      lastRisk: sessions.lastRisk,
      assignedTo: sessions.assignedTo,
      assignedAt: sessions.assignedAt,
      email: users.email,
    })
    .from(sessions)
    .leftJoin(users, eq(users.id, sessions.assignedTo))
    .where(waiting(ctx.workspaceId))
    .orderBy(...order)
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const ids = page.map((row) => row.id);
  const [items, reasons] = await Promise.all([
    sessionItems(db, ctx.workspaceId, ids),
    latestReasons(db, ids),
  ]);
  const inputsOf = new Map(items.map((item) => [item.id, item.inputs]));
  const [counts] = await db
    .select({
      high: sql<number>`count(*) filter (where ${sessions.lastRisk} > 0.75)::int`,
      medium: sql<number>`count(*) filter (where ${sessions.lastRisk} <= 0.75)::int`,
    })
    .from(sessions)
    .where(waiting(ctx.workspaceId));
  return {
    sessions: page.map(
      (row): QueueItem => ({
        id: row.id,
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
        calls: row.calls,
        risk: row.lastRisk,
        band: riskBand(row.lastRisk),
        assignee: assigneeOf(row),
        inputs: inputsOf.get(row.id) ?? EMPTY_INPUTS,
        reasons: reasons.get(row.id) ?? [],
      }),
    ),
    counts: { high: counts?.high ?? 0, medium: counts?.medium ?? 0 },
    more: rows.length > limit,
  };
}

export type ClaimResult =
  | { ok: true; value: { assignee: Assignee | null; changed: boolean } }
  | { ok: false; reason: 'not_found' }
  | { ok: false; reason: 'taken'; assignee: Assignee };

async function currentAssignee(tx: Executor, ctx: WorkspaceContext, sessionId: string) {
  const [row] = await tx
    .select({ assignedTo: sessions.assignedTo, assignedAt: sessions.assignedAt, email: users.email })
    .from(sessions)
    .leftJoin(users, eq(users.id, sessions.assignedTo))
    .where(and(eq(sessions.id, sessionId), eq(sessions.workspaceId, ctx.workspaceId)));
  return row ? { assignee: assigneeOf(row) } : null;
}

/**
 * Assigns the session to the context's user. A conditional update: of two analysts claiming at
 * once exactly one wins, the other is told who has it. Claiming one's own claim changes nothing.
 */
export async function claimSession(
  db: Database,
  ctx: WorkspaceContext,
  sessionId: string,
): Promise<ClaimResult> {
  return db.transaction(async (tx): Promise<ClaimResult> => {
    const claimed = await tx
      .update(sessions)
      .set({ assignedTo: ctx.actor, assignedAt: sql`clock_timestamp()` })
      .where(
        and(
          eq(sessions.id, sessionId),
          eq(sessions.workspaceId, ctx.workspaceId),
          isNull(sessions.assignedTo),
        ),
      )
      .returning({ id: sessions.id });
    const current = await currentAssignee(tx, ctx, sessionId);
    if (!current) return { ok: false, reason: 'not_found' };
    if (claimed.length === 0) {
      if (current.assignee && current.assignee.id !== ctx.actor) {
        return { ok: false, reason: 'taken', assignee: current.assignee };
      }
      return { ok: true, value: { assignee: current.assignee, changed: false } };
    }
    await writeAudit(tx, {
      workspaceId: ctx.workspaceId,
      actor: ctx.actor,
      requestId: ctx.requestId,
      action: 'session.claim',
      targetId: sessionId,
    });
    return { ok: true, value: { assignee: current.assignee, changed: true } };
  });
}

/** Gives up the context user's own claim; another analyst's claim is left alone. */
export async function releaseSession(
  db: Database,
  ctx: WorkspaceContext,
  sessionId: string,
): Promise<ClaimResult> {
  return db.transaction(async (tx): Promise<ClaimResult> => {
    const released = await tx
      .update(sessions)
      .set({ assignedTo: null, assignedAt: null })
      .where(
        and(
          eq(sessions.id, sessionId),
          eq(sessions.workspaceId, ctx.workspaceId),
          eq(sessions.assignedTo, ctx.actor),
        ),
      )
      .returning({ id: sessions.id });
    const current = await currentAssignee(tx, ctx, sessionId);
    if (!current) return { ok: false, reason: 'not_found' };
    if (released.length === 0) {
      if (current.assignee) return { ok: false, reason: 'taken', assignee: current.assignee };
      return { ok: true, value: { assignee: null, changed: false } };
    }
    await writeAudit(tx, {
      workspaceId: ctx.workspaceId,
      actor: ctx.actor,
      requestId: ctx.requestId,
      action: 'session.release',
      targetId: sessionId,
    });
    return { ok: true, value: { assignee: null, changed: true } };
  });
}
