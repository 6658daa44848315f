// Whether an admin may act on a member's account (reset a password, remove a second factor): the
// change is account-wide, so it takes an admin of every workspace the member belongs to; one
// workspace's admin cannot reach into another's. Otherwise the operator's CLI does it.
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '@/lib/db/client';
import { memberships, users } from '@/lib/db/schema';
import { workspaceIdsOf } from '../console-users';
import type { WorkspaceContext } from '../context';

export type MemberAuthority =
  | { ok: true; email: string }
  | { ok: false; reason: 'not_found' | 'yourself' | 'other_workspaces' };

export async function administeredMember(
  db: Executor,
  ctx: WorkspaceContext,
  userId: string,
): Promise<MemberAuthority> {
  if (userId === ctx.actor) return { ok: false, reason: 'yourself' };
  const [member] = await db
    .select({ email: users.email })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.workspaceId, ctx.workspaceId), eq(memberships.userId, userId)));
  if (!member) return { ok: false, reason: 'not_found' };
  const theirs = await workspaceIdsOf(db, userId);
  const administered = await db
    .select({ workspaceId: memberships.workspaceId })
    .from(memberships)
    .where(
      and(
        eq(memberships.userId, ctx.actor),
        eq(memberships.role, 'admin'),
        inArray(memberships.workspaceId, theirs),
      ),
    );
  if (administered.length < theirs.length) return { ok: false, reason: 'other_workspaces' };
  return { ok: true, email: member.email };
}
