// The workspace setting "require a second factor" (issue 32). While it is on, a member without a
// confirmed second factor reaches only the account page, where they set one up; the check is made
// with the membership on every console request (findMembership), so it holds on every process.
import { count, eq, sql } from 'drizzle-orm';
import type { SecondFactorPolicyState } from '@/lib/contract/schemas/second-factor-policy';
import type { Database } from '@/lib/db/client';
import { memberships, workspaces } from '@/lib/db/schema';
import { writeAudit } from './audit';
import { hasSecondFactor } from './second-factor';
import { hasConfirmedFactorSql } from './second-factor-sql';

/** The setting and how many members meet it; null when the workspace is gone. */
export async function getSecondFactorPolicy(
  db: Database,
  workspaceId: string,
): Promise<SecondFactorPolicyState | null> {
  const [workspace] = await db
    .select({ requireSecondFactor: workspaces.requireSecondFactor })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  if (!workspace) return null;
  const [counted] = await db
    .select({
      members: count(),
      withSecondFactor: count(sql`case when ${hasConfirmedFactorSql(memberships.userId)} then 1 end`),
    })
    .from(memberships)
    .where(eq(memberships.workspaceId, workspaceId));
  return {
    requireSecondFactor: workspace.requireSecondFactor,
    members: counted?.members ?? 0,
    withSecondFactor: counted?.withSecondFactor ?? 0,
  };
}

export type SetSecondFactorPolicyResult =
  | { ok: true; value: { requireSecondFactor: boolean; changed: boolean } }
  | { ok: false; reason: 'not_found' | 'actor_without_second_factor' };

/**
 * Turns the requirement on or off, audited in the same transaction; an unchanged setting writes
 * nothing. Turning it on takes an admin who uses a second factor: otherwise the change would hold
 * its own author at the account page (as GitHub asks an owner to enable 2FA before requiring it).
 */
export async function setSecondFactorPolicy(
  db: Database,
  input: { workspaceId: string; requireSecondFactor: boolean; actor: string; requestId?: string },
): Promise<SetSecondFactorPolicyResult> {
  if (input.requireSecondFactor && !(await hasSecondFactor(db, input.actor)))
    return { ok: false, reason: 'actor_without_second_factor' };
  return db.transaction(async (tx): Promise<SetSecondFactorPolicyResult> => {
    const [current] = await tx
      .select({ requireSecondFactor: workspaces.requireSecondFactor })
      .from(workspaces)
      .where(eq(workspaces.id, input.workspaceId))
      .for('update');
    if (!current) return { ok: false, reason: 'not_found' };
    const changed = current.requireSecondFactor !== input.requireSecondFactor;
    if (changed) {
      await tx
        .update(workspaces)
        .set({ requireSecondFactor: input.requireSecondFactor })
        .where(eq(workspaces.id, input.workspaceId));
      await writeAudit(tx, {
        workspaceId: input.workspaceId,
        actor: input.actor,
        requestId: input.requestId,
        action: 'workspace.require_second_factor',
        targetId: input.workspaceId,
        metadata: { from: current.requireSecondFactor, to: input.requireSecondFactor },
      });
    }
    return { ok: true, value: { requireSecondFactor: input.requireSecondFactor, changed } };
  });
}
