// A console password's life cycle (issue 32): the user changes their own (the current one
// required), an admin or the operator resets a member's to a one-time password that must be
// replaced at the next sign-in. Each is audited, and each ends the user's other sessions
// (`users.sessions_not_before`, read by every console request).
import { eq } from 'drizzle-orm';
import { judgePassword } from '@/lib/auth/password-policy';
import { generatePassword, hashPassword, verifyPassword } from '@/lib/crypto/password';
import type { Database, Executor } from '@/lib/db/client';
import { users } from '@/lib/db/schema';
import { writeAudit } from './audit';
import { endAllConsoleSessions } from './console-sessions';
import { normalizeEmail, workspaceIdsOf } from './console-users';
import type { WorkspaceContext } from './context';
import { administeredMember, type MemberAuthority } from './members/member-authority';

/**
 * Stores a new password hash and ends every session of the user (`sessions_not_before` for
 * tokens without a session row, and the rows themselves): a change and a reset alike.
 */
async function replacePassword(
  tx: Executor,
  userId: string,
  input: { passwordHash: string; now: Date; oneTimeUntil: Date | null },
): Promise<void> {
  await tx
    .update(users)
    .set({
      passwordHash: input.passwordHash,
      mustChangePassword: input.oneTimeUntil !== null,
      passwordExpiresAt: input.oneTimeUntil,
      passwordChangedAt: input.now,
      sessionsNotBefore: input.now,
    })
    .where(eq(users.id, userId));
  await endAllConsoleSessions(tx, userId, input.now);
}

/** How long a one-time password from a reset works: a working day to pass it on and use it. */
export const RESET_VALID_MS = 24 * 60 * 60 * 1000;

export type ChangePasswordResult =
  | { ok: true; changedAt: Date }
  | { ok: false; field: 'currentPassword' | 'newPassword'; message: string };

/**
 * Replaces the signed-in user's password. The current one must match; the new one must pass the
 * policy (lib/auth/password-policy.ts) and differ from the current one. Clears a reset's
 * must-change flag and ends every session, this one included (the caller signs in again with
 * the new password). Audited in the session's workspace as `user.password_change`.
 */
export async function changeOwnPassword(
  db: Database,
  ctx: WorkspaceContext,
  input: { currentPassword: string; newPassword: string; now?: Date },
): Promise<ChangePasswordResult> {
  const [user] = await db
    .select({ email: users.email, name: users.name, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, ctx.actor));
  if (!user?.passwordHash || !(await verifyPassword(input.currentPassword, user.passwordHash)))
    return { ok: false, field: 'currentPassword', message: 'This is not your current password.' };
  if (input.newPassword === input.currentPassword)
    return { ok: false, field: 'newPassword', message: 'Choose a password other than the current one.' };
  const verdict = judgePassword(input.newPassword, [user.email, user.name ?? '']);
  if (!verdict.ok) return { ok: false, field: 'newPassword', message: verdict.message };
  const passwordHash = await hashPassword(input.newPassword);
  const now = input.now ?? new Date();
  await db.transaction(async (tx) => {
    await replacePassword(tx, ctx.actor, { passwordHash, now, oneTimeUntil: null });
    await writeAudit(tx, {
      workspaceId: ctx.workspaceId,
      actor: ctx.actor,
      requestId: ctx.requestId,
      action: 'user.password_change',
      targetId: ctx.actor,
      metadata: { email: user.email },
    });
  });
  return { ok: true, changedAt: now };
}

export interface IssuedResetPassword {
  userId: string;
  email: string;
  /** Shown once to whoever reset it, to pass on; only its hash is stored. */
  password: string;
  expiresAt: Date;
}

export type ResetPasswordResult =
  | { ok: true; value: IssuedResetPassword }
  | Exclude<MemberAuthority, { ok: true }>;

/**
 * An admin resets a member of their workspace: a one-time password valid for a day, which the
 * member must replace at the next sign-in; every session of the member ends now. Admins reset
 * their own password by changing it. A member who also belongs to a workspace where this admin
 * is not an admin is the operator's to reset (`users reset-password`), so no admin can take over
 * another tenant's account. Audited as `user.password_reset`.
 */
export async function resetMemberPassword(
  db: Database,
  ctx: WorkspaceContext,
  input: { userId: string; now?: Date },
): Promise<ResetPasswordResult> {
  const member = await administeredMember(db, ctx, input.userId);
  if (!member.ok) return member;
  const value = await issueOneTimePassword(db, input.userId, member.email, input.now ?? new Date(), {
    workspaceId: ctx.workspaceId,
    actor: ctx.actor,
    requestId: ctx.requestId,
  });
  return { ok: true, value };
}

/** The operator (`users reset-password --email`): any account, audited in each of its workspaces. */
export async function resetPasswordByEmail(
  db: Database,
  input: { email: string; now?: Date },
): Promise<IssuedResetPassword | null> {
  const email = normalizeEmail(input.email);
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!user) return null;
  return issueOneTimePassword(db, user.id, email, input.now ?? new Date(), null);
}

async function issueOneTimePassword(
  db: Database,
  userId: string,
  email: string,
  now: Date,
  audit: { workspaceId: string; actor: string; requestId?: string } | null,
): Promise<IssuedResetPassword> {
  const password = generatePassword();
  const passwordHash = await hashPassword(password);
  const expiresAt = new Date(now.getTime() + RESET_VALID_MS);
  await db.transaction(async (tx) => {
    await replacePassword(tx, userId, { passwordHash, now, oneTimeUntil: expiresAt });
    const workspaces = audit ? [audit.workspaceId] : await workspaceIdsOf(tx, userId);
    for (const workspaceId of workspaces)
      await writeAudit(tx, {
        workspaceId,
        actor: audit?.actor ?? 'cli',
        requestId: audit?.requestId,
        action: 'user.password_reset',
        targetId: userId,
        metadata: { email, expiresAt: expiresAt.toISOString() },
      });
  });
  return { userId, email, password, expiresAt };
}

/** Ends every console session of the user, this one included; audited as `user.sign_out_everywhere`. */
export async function signOutEverywhere(
  db: Database,
  ctx: WorkspaceContext,
  now = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(users).set({ sessionsNotBefore: now }).where(eq(users.id, ctx.actor));
    await endAllConsoleSessions(tx, ctx.actor, now);
    await writeAudit(tx, {
      workspaceId: ctx.workspaceId,
      actor: ctx.actor,
      requestId: ctx.requestId,
      action: 'user.sign_out_everywhere',
      targetId: ctx.actor,
    });
  });
}

/** Whether the account has a console password (one made by single sign-on has none). */
export async function hasPassword(db: Database, userId: string): Promise<boolean> {
  const [user] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId));
  return Boolean(user?.passwordHash);
}
