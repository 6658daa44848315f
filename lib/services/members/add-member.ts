import { eq } from 'drizzle-orm';
import type { Role } from '@/lib/auth/roles';
import type { AddedMember } from '@/lib/contract/console/members';
import { generatePassword, hashPassword } from '@/lib/crypto/password';
import type { Database } from '@/lib/db/client';
import { memberships, users } from '@/lib/db/schema';
import { newId } from '@/lib/ids/ids';
import { writeAudit } from '../audit';
import { normalizeEmail } from '../console-users';
import type { WorkspaceContext } from '../context';
import { findMember, toSummary } from './list-members';

export type AddMemberResult =
  | { ok: true; value: AddedMember }
  | { ok: false; reason: 'already_member'; role: Role };

/**
 * Adds a member to the context's workspace. A new e-mail gets an account with a generated
 * password, returned once (there is no mail server to send a link); an existing account keeps its
 * password and only gains the membership. Audited as `member.add` in the same transaction.
 */
export async function addMember(
  db: Database,
  ctx: WorkspaceContext,
  input: { email: string; role: Role },
): Promise<AddMemberResult> {
  const email = normalizeEmail(input.email);
  const password = generatePassword();
  // Hashed before the transaction: scrypt takes ~100 ms and should not hold locks.
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx): Promise<AddMemberResult> => {
    const [created] = await tx
      .insert(users)
      .values({ id: newId('usr'), email, passwordHash })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id });
    const userId =
      created?.id ?? (await tx.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]?.id;
    if (!userId) throw new Error('user vanished while adding a member');
    const [joined] = await tx
      .insert(memberships)
      .values({ userId, workspaceId: ctx.workspaceId, role: input.role })
      .onConflictDoNothing({ target: [memberships.userId, memberships.workspaceId] })
      .returning({ userId: memberships.userId });
    if (!joined) {
      const existing = await findMember(tx, ctx, { userId });
      return { ok: false, reason: 'already_member', role: existing?.role ?? input.role };
    }
    await writeAudit(tx, {
      workspaceId: ctx.workspaceId,
      actor: ctx.actor,
      requestId: ctx.requestId,
      action: 'member.add',
      targetId: userId,
      metadata: { email, role: input.role, newAccount: Boolean(created) },
    });
    const member = await findMember(tx, ctx, { userId });
    if (!member) throw new Error('membership vanished while adding a member');
    return { ok: true, value: { ...toSummary(member), ...(created ? { password } : {}) } };
  });
}
