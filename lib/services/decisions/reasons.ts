// The workspace's list of decision reasons: read by analysts, edited by admins (audited), and
// seeded with defaults wherever a workspace is created.
import { and, asc, eq, sql } from 'drizzle-orm';
import {
  DECISIONS,
  type Decision,
  type DecisionReason,
  type DecisionReasonRequest,
} from '@/lib/contract/console/decisions';
import type { Database, Executor } from '@/lib/db/client';
import { decisionReasons } from '@/lib/db/schema';
import { writeAudit } from '../audit';
import type { WorkspaceContext } from '../context';

/** What a new workspace starts with (docs/api/sessions.md#decisions). */
export const DEFAULT_DECISION_REASONS: readonly DecisionReason[] = [
  { decision: 'approve', label: 'Verified identity' },
  { decision: 'review', label: 'Needs documents' },
  { decision: 'decline', label: 'Synthetic identity' },
  { decision: 'decline', label: 'Stolen identity' },
  { decision: 'decline', label: 'Sanctions match' },
];

/** Gives a just-created workspace the default reasons, in its creating transaction. */
export async function seedDecisionReasons(tx: Executor, workspaceId: string): Promise<void> {
  await tx
    .insert(decisionReasons)
    // A millisecond apart, so the list reads in this order (it is ordered by creation).
    .values(
      DEFAULT_DECISION_REASONS.map((reason, index) => ({
        workspaceId,
        ...reason,
        createdAt: sql`now() + ${index} * interval '1 millisecond'`,
      })),
    )
    .onConflictDoNothing();
}

const decisionOrder = sql`array_position(array['approve','review','decline']::text[], ${decisionReasons.decision})`;

/** The workspace's reasons: by decision (approve, review, decline), then as they were added. */
export async function listDecisionReasons(db: Executor, ctx: WorkspaceContext): Promise<DecisionReason[]> {
  const rows = await db
    .select({ decision: decisionReasons.decision, label: decisionReasons.label })
    .from(decisionReasons)
    .where(eq(decisionReasons.workspaceId, ctx.workspaceId))
    .orderBy(decisionOrder, asc(decisionReasons.createdAt), asc(decisionReasons.label));
  return rows.flatMap((row) =>
    isDecision(row.decision) ? [{ decision: row.decision, label: row.label }] : [],
  );
}

export const isDecision = (value: string): value is Decision =>
  (DECISIONS as readonly string[]).includes(value);

/** Whether the label is one of the workspace's reasons for this decision. */
export async function isWorkspaceReason(
  db: Executor,
  ctx: WorkspaceContext,
  reason: DecisionReason,
): Promise<boolean> {
  const [row] = await db
    .select({ label: decisionReasons.label })
    .from(decisionReasons)
    .where(
      and(
        eq(decisionReasons.workspaceId, ctx.workspaceId),
        eq(decisionReasons.decision, reason.decision),
        eq(decisionReasons.label, reason.label),
      ),
    );
  return Boolean(row);
}

/** Adds a reason (audited); adding one the list already has changes nothing. */
export async function addDecisionReason(
  db: Database,
  ctx: WorkspaceContext,
  reason: DecisionReasonRequest,
): Promise<{ added: boolean }> {
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(decisionReasons)
      .values({ workspaceId: ctx.workspaceId, decision: reason.decision, label: reason.label })
      .onConflictDoNothing()
      .returning({ label: decisionReasons.label });
    if (inserted.length === 0) return { added: false };
    await writeAudit(tx, {
      workspaceId: ctx.workspaceId,
      actor: ctx.actor,
      requestId: ctx.requestId,
      action: 'decision_reason.add',
      metadata: { decision: reason.decision, label: reason.label },
    });
    return { added: true };
  });
}

/** Removes a reason (audited); past decisions keep the label they were made with. */
export async function removeDecisionReason(
  db: Database,
  ctx: WorkspaceContext,
  reason: DecisionReasonRequest,
): Promise<{ removed: boolean }> {
  return db.transaction(async (tx) => {
    const deleted = await tx
      .delete(decisionReasons)
      .where(
        and(
          eq(decisionReasons.workspaceId, ctx.workspaceId),
          eq(decisionReasons.decision, reason.decision),
          eq(decisionReasons.label, reason.label),
        ),
      )
      .returning({ label: decisionReasons.label });
    if (deleted.length === 0) return { removed: false };
    await writeAudit(tx, {
      workspaceId: ctx.workspaceId,
      actor: ctx.actor,
      requestId: ctx.requestId,
      action: 'decision_reason.remove',
      metadata: { decision: reason.decision, label: reason.label },
    });
    return { removed: true };
  });
}
