// The review queue: a workspace's undecided sessions in the medium and high bands, oldest or
// riskiest first, filtered by band, reason and assignee, read through the partial index
// sessions_review_queue_idx; and claiming one or many (race-safe, audited).
import { and, asc, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type {
  Assignee,
  BulkClaimOutcome,
  QueueItem,
  QueueReason,
  ReviewQueue,
  ReviewQueueQuery,
} from '@/lib/contract/console/decisions';
import type { Database, Executor } from '@/lib/db/client';
import { sessionCalls, sessions, users } from '@/lib/db/schema';
import { rankReasons } from '@/lib/engine/reasons';
import { riskBand } from '@/lib/engine/risk';
import { isRuleOutcome } from '@/lib/engine/rules/rule-set';
import { mergeMaskedSummaries } from '@/lib/engine/session-timeline';
import type { Check } from '@/lib/engine/types';
import { writeAudit } from '../audit';
import type { WorkspaceContext } from '../context';
import { monitoringHitsOf } from '../monitoring/settings';
import { sessionItems } from '../sessions-query';

/** Sessions above this risk (the low band's upper bound, as riskBand()) need a person. */
export const REVIEW_QUEUE_MIN_RISK = 0.5;
export const REVIEW_QUEUE_LIMIT = 50;

// Exactly the partial index's predicate, so the planner can use it: the sessions the workspace's
// rules sent to review, and, where no rules decided, those above the low band. A rule's approve or
// decline settles the session without a person.
const waiting = (workspaceId: string) =>
  and(
    eq(sessions.workspaceId, workspaceId),
    isNull(sessions.decision),
    sql`(${sessions.outcome} = 'review' or (${sessions.outcome} is null and ${sessions.lastRisk} > ${sql.raw(String(REVIEW_QUEUE_MIN_RISK))}))`,
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

/** The filters' facets read at most this many waiting sessions (the oldest), to stay cheap. */
export const QUEUE_FACET_SCAN = 2000;

// The latest call's checks of the session in the outer query (session_calls_session_created_idx).
const latestChecks = sql`(select sc.checks from ${sessionCalls} sc where sc.session_id = ${sessions.id} order by sc.created_at desc, sc.id desc limit 1)`;

/** The query's filters as one predicate over the waiting sessions. */
function filtered(ctx: WorkspaceContext, query: Omit<ReviewQueueQuery, 'sort'>) {
  const band =
    query.band === 'high'
      ? sql`${sessions.lastRisk} > 0.75`
      : query.band === 'medium'
        ? sql`${sessions.lastRisk} <= 0.75`
        : undefined;
  const assignee =
    query.assignee === undefined
      ? undefined
      : query.assignee === 'unassigned'
        ? isNull(sessions.assignedTo)
        : eq(sessions.assignedTo, query.assignee === 'me' ? ctx.actor : query.assignee);
  // jsonb containment: the latest call holds this check at high or at medium.
  const reason =
    query.reason === undefined
      ? undefined
      : sql`(${latestChecks} @> ${JSON.stringify([{ id: query.reason, risk: 'HIGH' }])}::jsonb or ${latestChecks} @> ${JSON.stringify([{ id: query.reason, risk: 'MED' }])}::jsonb)`;
  return and(waiting(ctx.workspaceId), band, assignee, reason);
}

/** Each check the waiting sessions' latest calls raise at high or medium, and who holds how many. */
async function queueFacets(db: Executor, ctx: WorkspaceContext): Promise<ReviewQueue['facets']> {
  const scanned = db
    .select({ id: sessions.id, assignedTo: sessions.assignedTo })
    .from(sessions)
    .where(waiting(ctx.workspaceId))
    .orderBy(asc(sessions.createdAt))
    .limit(QUEUE_FACET_SCAN)
    .as('scanned');
  const [reasons, assignees] = await Promise.all([
    db.execute<{ id: string; label: string; count: number }>(sql`
      select c->>'id' as id, min(c->>'name') as label, count(distinct scanned.id)::int as count
      from (
        select ${sessions.id} as id from ${sessions} where ${waiting(ctx.workspaceId)}
        order by ${sessions.createdAt} limit ${QUEUE_FACET_SCAN}
      ) scanned
      cross join lateral (
        select sc.checks from ${sessionCalls} sc where sc.session_id = scanned.id
        order by sc.created_at desc, sc.id desc limit 1
      ) latest
      cross join lateral jsonb_array_elements(latest.checks) c
      where c->>'risk' in ('HIGH', 'MED')
      group by 1 order by 3 desc, 1 limit 30`),
    db
      .select({ id: scanned.assignedTo, label: users.email, count: sql<number>`count(*)::int` })
      .from(scanned)
      .leftJoin(users, eq(users.id, scanned.assignedTo))
      .where(isNotNull(scanned.assignedTo))
      .groupBy(scanned.assignedTo, users.email)
      .orderBy(sql`3 desc`, scanned.assignedTo),
  ]);
  return {
    reasons: reasons.rows.map((row) => ({ id: row.id, label: row.label, count: row.count })),
    assignees: assignees.flatMap((row) =>
      row.id === null ? [] : [{ id: row.id, label: row.label ?? row.id, count: row.count }],
    ),
  };
}

export async function reviewQueue(
  db: Executor,
  ctx: WorkspaceContext,
  query: Partial<ReviewQueueQuery> & { limit?: number } = {},
): Promise<ReviewQueue> {
  const limit = query.limit ?? REVIEW_QUEUE_LIMIT;
  const order =
    query.sort === 'risk'
      ? [desc(sessions.lastRisk), asc(sessions.createdAt), asc(sessions.id)]
      : [asc(sessions.createdAt), asc(sessions.id)];
  const where = filtered(ctx, query);
  const rows = await db
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      updatedAt: sessions.updatedAt,
      calls: sessions.calls,
      lastRisk: sessions.lastRisk,
      assignedTo: sessions.assignedTo,
      assignedAt: sessions.assignedAt,
      outcome: sessions.outcome,
      email: users.email,
    })
    .from(sessions)
    .leftJoin(users, eq(users.id, sessions.assignedTo))
    .where(where)
    .orderBy(...order)
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const ids = page.map((row) => row.id);
  const [items, hits, reasons, facets, [counts], [matched]] = await Promise.all([
    sessionItems(db, ctx.workspaceId, ids),
    // monitoring_hits_session_idx: the hits of the page's sessions only.
    monitoringHitsOf(db, ctx.workspaceId, ids),
    latestReasons(db, ids),
    queueFacets(db, ctx),
    db
      .select({
        high: sql<number>`count(*) filter (where ${sessions.lastRisk} > 0.75)::int`,
        medium: sql<number>`count(*) filter (where ${sessions.lastRisk} <= 0.75)::int`,
      })
      .from(sessions)
      .where(waiting(ctx.workspaceId)),
    db.select({ count: sql<number>`count(*)::int` }).from(sessions).where(where),
  ]);
  const inputsOf = new Map(items.map((item) => [item.id, item.inputs]));
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
        monitoring: hits.get(row.id)?.[0] ?? null,
        outcome: isRuleOutcome(row.outcome) ? row.outcome : null,
      }),
    ),
    counts: { high: counts?.high ?? 0, medium: counts?.medium ?? 0 },
    matched: matched?.count ?? 0,
    facets,
    more: rows.length > limit,
  };
}

/**
 * Claims each named session that nobody holds for the context's user, in one transaction with an
 * audit row per session claimed; says per session what happened (the same race-safety as one).
 */
export async function claimSessions(
  db: Database,
  ctx: WorkspaceContext,
  sessionIds: readonly string[],
): Promise<BulkClaimOutcome[]> {
  const ids = [...new Set(sessionIds)];
  return db.transaction(async (tx) => {
    const claimed = await tx
      .update(sessions)
      .set({ assignedTo: ctx.actor, assignedAt: sql`clock_timestamp()` })
      .where(
        and(
          inArray(sessions.id, ids),
          eq(sessions.workspaceId, ctx.workspaceId),
          isNull(sessions.assignedTo),
        ),
      )
      .returning({ id: sessions.id });
    const now = new Set(claimed.map((row) => row.id));
    const current = await tx
      .select({
        id: sessions.id,
        assignedTo: sessions.assignedTo,
        assignedAt: sessions.assignedAt,
        email: users.email,
      })
      .from(sessions)
      .leftJoin(users, eq(users.id, sessions.assignedTo))
      .where(and(inArray(sessions.id, ids), eq(sessions.workspaceId, ctx.workspaceId)));
    const byId = new Map(current.map((row) => [row.id, assigneeOf(row)]));
    for (const id of ids.filter((id) => now.has(id))) {
      await writeAudit(tx, {
        workspaceId: ctx.workspaceId,
        actor: ctx.actor,
        requestId: ctx.requestId,
        action: 'session.claim',
        targetId: id,
      });
    }
    return ids.map((id): BulkClaimOutcome => {
      const assignee = byId.get(id);
      if (assignee === undefined) return { id, outcome: 'not_found', assignee: null };
      if (now.has(id)) return { id, outcome: 'claimed', assignee };
      if (assignee?.id === ctx.actor) return { id, outcome: 'yours', assignee };
      return { id, outcome: 'taken', assignee };
    });
  });
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
