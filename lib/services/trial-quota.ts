import { eq } from 'drizzle-orm';
import type { TrialQuota } from '@/lib/contract/console/trial-quota';
import type { Database } from '@/lib/db/client';
import { workspaces } from '@/lib/db/schema';
import { writeAudit } from './audit';
import type { WorkspaceContext } from './context';

/** The workspace's Verify trial quota and its use; null when there is no such workspace. */
export async function getTrialQuota(db: Database, ctx: WorkspaceContext): Promise<TrialQuota | null> {
  const [row] = await db
    .select({ trialQuota: workspaces.trialQuota, verifyUsed: workspaces.verifyUsed })
    .from(workspaces)
    .where(eq(workspaces.id, ctx.workspaceId));
  return row ?? null;
}

export type SetTrialQuotaResult =
  | { ok: true; value: TrialQuota & { previousTrialQuota: number | null; changed: boolean } }
  | { ok: false; reason: 'not_found' };

/**
 * Sets the Verify trial quota (null: none), audited as `workspace.trial_quota` in the same
 * transaction (an unchanged quota writes nothing). Calls already counted stay counted: lowering
 * the quota below them stops Verify at once. The workspaces trigger announces the change to every
 * process's key cache (migration 0016), so API keys see it on their next call.
 */
export async function setTrialQuota(
  db: Database,
  ctx: WorkspaceContext,
  input: { trialQuota: number | null },
): Promise<SetTrialQuotaResult> {
  return db.transaction(async (tx): Promise<SetTrialQuotaResult> => {
    const [current] = await tx
      .select({ trialQuota: workspaces.trialQuota, verifyUsed: workspaces.verifyUsed })
      .from(workspaces)
      .where(eq(workspaces.id, ctx.workspaceId))
      .for('update');
    if (!current) return { ok: false, reason: 'not_found' };
    const changed = current.trialQuota !== input.trialQuota;
    if (changed) {
      await tx
        .update(workspaces)
        .set({ trialQuota: input.trialQuota })
        .where(eq(workspaces.id, ctx.workspaceId));
      await writeAudit(tx, {
        workspaceId: ctx.workspaceId,
        actor: ctx.actor,
        requestId: ctx.requestId,
        action: 'workspace.trial_quota',
        targetId: ctx.workspaceId,
        metadata: { from: current.trialQuota, to: input.trialQuota },
      });
    }
    return {
      ok: true,
      value: {
        trialQuota: input.trialQuota,
        verifyUsed: current.verifyUsed,
        previousTrialQuota: current.trialQuota,
        changed,
      },
    };
  });
}
