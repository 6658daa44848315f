import { and, count, eq, ne } from 'drizzle-orm';
import type { Role } from '@/lib/auth/roles';
import type { MemberSummary } from '@/lib/contract/console/members';
import type { Database, Executor } from '@/lib/db/client';
import { memberships, workspaces } from '@/lib/db/schema';
import { writeAudit } from '../audit';
import type { WorkspaceContext } from '../context';
import { findMember, type MemberRef, toSummary } from './list-members';

export type MemberChangeResult<T> =
  | { ok: true; value: T }
  | { ok: false; reason: 'not_found' | 'last_admin' };

/**
 * Locks the workspace row, then reads the member: every role change and removal of one workspace
 * queues behind that lock, so two admins demoting or removing each other at the same moment
 * cannot both pass the last-admin check.
 */
async function lockAndFind(tx: Executor, ctx: WorkspaceContext, ref: MemberRef) {
  const [workspace] = await tx
    .select({ id: workspaces.id })
    .from(workspaces)
    .where(eq(workspaces.id, ctx.workspaceId))
    .for('update');
  return workspace ? findMember(tx, ctx, ref) : null;
}

/** The membership row of one user in the context's workspace. */
const membershipOf = (ctx: WorkspaceContext, userId: string) =>
  and(eq(memberships.workspaceId, ctx.workspaceId), eq(memberships.userId, userId));

/** Whether an admin other than this user remains in the workspace. */
async function anotherAdmin(tx: Executor, workspaceId: string, userId: string): Promise<boolean> {
  const [row] = await tx
    .select({ n: count() })
    .from(memberships)
    .where(
      and(
        eq(memberships.workspaceId, workspaceId),
        eq(memberships.role, 'admin'),
        ne(memberships.userId, userId),
      ),
    );
  return (row?.n ?? 0) > 0;
}

/**
 * Changes a member's role, audited as `member.change_role` (an unchanged role writes nothing).
 * The last admin cannot be demoted: the workspace would have nobody to manage it. The member's
 * next console call already runs under the new role (roles are re-read on every call).
 */
export async function changeMemberRole(
  db: Database,
  ctx: WorkspaceContext,
  input: MemberRef & { role: Role },
): Promise<MemberChangeResult<MemberSummary & { previousRole: Role; changed: boolean }>> {
  return db.transaction(async (tx) => {
    const member = await lockAndFind(tx, ctx, input);
    if (!member) return { ok: false, reason: 'not_found' };
    const changed = member.role !== input.role;
    if (changed && member.role === 'admin' && !(await anotherAdmin(tx, ctx.workspaceId, member.userId))) {
      return { ok: false, reason: 'last_admin' };
    }
    if (changed) {
      await tx.update(memberships).set({ role: input.role }).where(membershipOf(ctx, member.userId));
      await writeAudit(tx, {
        workspaceId: ctx.workspaceId,
        actor: ctx.actor,
        requestId: ctx.requestId,
        action: 'member.change_role',
        targetId: member.userId,
        metadata: { email: member.email, from: member.role, to: input.role },
      });
    }
    return {
      ok: true,
      value: { ...toSummary({ ...member, role: input.role }), previousRole: member.role, changed },
    };
  });
}

/**
 * Removes a member from the workspace (their account stays, with any other memberships),
 * audited as `member.remove`. The last admin cannot be removed. Their next console call is
 * refused: the console guard reads the membership on every call.
 */
export async function removeMember(
  db: Database,
  ctx: WorkspaceContext,
  ref: MemberRef,
): Promise<MemberChangeResult<MemberSummary>> {
  return db.transaction(async (tx) => {
    const member = await lockAndFind(tx, ctx, ref);
    if (!member) return { ok: false, reason: 'not_found' };
    if (member.role === 'admin' && !(await anotherAdmin(tx, ctx.workspaceId, member.userId))) {
      return { ok: false, reason: 'last_admin' };
    }
    await tx.delete(memberships).where(membershipOf(ctx, member.userId));
    await writeAudit(tx, {
      workspaceId: ctx.workspaceId,
      actor: ctx.actor,
      requestId: ctx.requestId,
      action: 'member.remove',
      targetId: member.userId,
      metadata: { email: member.email, role: member.role },
    });
    return { ok: true, value: toSummary(member) };
  });
}
