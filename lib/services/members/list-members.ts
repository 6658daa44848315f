import { and, asc, eq } from 'drizzle-orm';
import type { MemberSummary } from '@/lib/contract/console/members';
import type { Executor } from '@/lib/db/client';
import { memberships, users } from '@/lib/db/schema';
import { normalizeEmail } from '../console-users';
import type { WorkspaceContext } from '../context';
import { hasConfirmedFactorSql } from '../second-factor-sql';

/** A member named by user id (the console's URLs) or by e-mail (the CLI). */
export type MemberRef = { userId: string } | { email: string };

const refWhere = (ref: MemberRef) =>
  'userId' in ref ? eq(users.id, ref.userId) : eq(users.email, normalizeEmail(ref.email));

const memberColumns = {
  userId: users.id,
  email: users.email,
  name: users.name,
  role: memberships.role,
  since: memberships.createdAt,
  secondFactor: hasConfirmedFactorSql(users.id),
};

type MemberRow = {
  userId: string;
  email: string;
  name: string | null;
  role: MemberSummary['role'];
  since: Date;
  secondFactor: boolean;
};

export const toSummary = (row: MemberRow): MemberSummary => ({ ...row, since: row.since.toISOString() });

/** The workspace's members, oldest first (the founding admin leads). */
export async function listMembers(db: Executor, ctx: WorkspaceContext): Promise<MemberSummary[]> {
  const rows = await db
    .select(memberColumns)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.workspaceId, ctx.workspaceId))
    .orderBy(asc(memberships.createdAt), asc(users.email));
  return rows.map(toSummary);
}

/** One member of the context's workspace, or null (a member of another workspace is not found). */
export async function findMember(
  tx: Executor,
  ctx: WorkspaceContext,
  ref: MemberRef,
): Promise<MemberRow | null> {
  const [row] = await tx
    .select(memberColumns)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.workspaceId, ctx.workspaceId), refWhere(ref)));
  return row ?? null;
}
