import { eq } from 'drizzle-orm';
import type { RequestLogSettings } from '@/lib/contract/console/request-log';
import type { Database } from '@/lib/db/client';
import { workspaces } from '@/lib/db/schema';
import { writeAudit } from '../audit';
import type { WorkspaceContext } from '../context';

/** The workspace's request log retention; null when there is no such workspace. */
export async function getRequestLogSettings(
  db: Database,
  ctx: WorkspaceContext,
): Promise<RequestLogSettings | null> {
  const [row] = await db
    .select({ days: workspaces.requestLogDays })
    .from(workspaces)
    .where(eq(workspaces.id, ctx.workspaceId));
  return row ?? null;
}

export type SetRequestLogSettingsResult =
  | { ok: true; value: RequestLogSettings & { previousDays: number; changed: boolean } }
  | { ok: false; reason: 'not_found' };

/**
 * Sets how many days the request log keeps a call, audited as `workspace.request_log_days` in the
 * same transaction (an unchanged value writes nothing). A shorter period takes effect at the next
 * hourly retention pass; a longer one cannot bring back what was already deleted.
 */
export async function setRequestLogSettings(
  db: Database,
  ctx: WorkspaceContext,
  input: RequestLogSettings,
): Promise<SetRequestLogSettingsResult> {
  return db.transaction(async (tx): Promise<SetRequestLogSettingsResult> => {
    const [current] = await tx
      .select({ days: workspaces.requestLogDays })
      .from(workspaces)
      .where(eq(workspaces.id, ctx.workspaceId))
      .for('update');
    if (!current) return { ok: false, reason: 'not_found' };
    const changed = current.days !== input.days;
    if (changed) {
      await tx
        .update(workspaces)
        .set({ requestLogDays: input.days })
        .where(eq(workspaces.id, ctx.workspaceId));
      await writeAudit(tx, {
        workspaceId: ctx.workspaceId,
        actor: ctx.actor,
        requestId: ctx.requestId,
        action: 'workspace.request_log_days',
        targetId: ctx.workspaceId,
        metadata: { from: current.days, to: input.days },
      });
    }
    return { ok: true, value: { days: input.days, previousDays: current.days, changed } };
  });
}
