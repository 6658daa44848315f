// A console user's second factor (issue 32): enrolling an authenticator app, checking a code at
// sign-in (a TOTP code once, or a recovery code once), turning it off. The secret is sealed with
// the server secret; replay and reuse are refused by conditional updates, so two sign-ins racing
// with the same code cannot both pass.
import { and, count, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { hashRecoveryCode, newRecoveryCodes } from '@/lib/auth/recovery-codes';
import { newTotpSecret, totpUri, verifyTotp } from '@/lib/auth/totp';
import { seal, unseal } from '@/lib/crypto/seal';
import type { Database, Executor } from '@/lib/db/client';
import { passkeys, recoveryCodes, totpFactors, users } from '@/lib/db/schema';
import { writeAudit } from './audit';
import { normalizeEmail, workspaceIdsOf } from './console-users';
import type { WorkspaceContext } from './context';
import { administeredMember, type MemberAuthority } from './members/member-authority';
import { hasConfirmedFactorSql } from './second-factor-sql';

/** Starts (or restarts) enrolment: a new secret, not asked for until a first code confirms it. */
export async function beginTotpEnrolment(
  db: Database,
  secret: string,
  ctx: WorkspaceContext,
): Promise<{ secretBase32: string; uri: string } | null> {
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, ctx.actor));
  if (!user) return null;
  // An enrolled factor stays until the new one is confirmed: only an unconfirmed row is replaced.
  const [existing] = await db
    .select({ confirmedAt: totpFactors.confirmedAt })
    .from(totpFactors)
    .where(eq(totpFactors.userId, ctx.actor));
  if (existing?.confirmedAt) return null;
  const secretBase32 = newTotpSecret();
  const sealedSecret = seal(secret, secretBase32);
  await db
    .insert(totpFactors)
    .values({ userId: ctx.actor, sealedSecret })
    .onConflictDoUpdate({
      target: totpFactors.userId,
      set: { sealedSecret, lastStep: null, createdAt: new Date() },
    });
  return { secretBase32, uri: totpUri(secretBase32, user.email) };
}

export type ConfirmResult =
  | { ok: true; recoveryCodes: string[] }
  | { ok: false; reason: 'not_started' | 'wrong' };

/** Confirms enrolment with a first code; returns the ten recovery codes, shown once. Audited. */
export async function confirmTotpEnrolment(
  db: Database,
  secret: string,
  ctx: WorkspaceContext,
  input: { code: string; nowMs?: number },
): Promise<ConfirmResult> {
  const [factor] = await db
    .select({ sealedSecret: totpFactors.sealedSecret, confirmedAt: totpFactors.confirmedAt })
    .from(totpFactors)
    .where(eq(totpFactors.userId, ctx.actor));
  if (!factor || factor.confirmedAt) return { ok: false, reason: 'not_started' };
  const verdict = verifyTotp({
    secretBase32: unseal(secret, factor.sealedSecret),
    code: input.code,
    nowMs: input.nowMs ?? Date.now(),
    lastStep: null,
  });
  if (!verdict.ok) return { ok: false, reason: 'wrong' };
  const { codes, hashes } = newRecoveryCodes();
  await db.transaction(async (tx) => {
    await tx
      .update(totpFactors)
      .set({ confirmedAt: new Date(), lastStep: verdict.step })
      .where(eq(totpFactors.userId, ctx.actor));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, ctx.actor));
    await tx.insert(recoveryCodes).values(hashes.map((codeHash) => ({ userId: ctx.actor, codeHash })));
    await writeAudit(tx, {
      workspaceId: ctx.workspaceId,
      actor: ctx.actor,
      requestId: ctx.requestId,
      action: 'user.totp_enable',
      targetId: ctx.actor,
    });
  });
  return { ok: true, recoveryCodes: codes };
}

export interface SecondFactorStatus {
  enrolledAt: string | null;
  recoveryCodesLeft: number;
}

async function recoveryCodesLeft(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ left: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.left ?? 0;
}

/** What the account page shows: since when the factor is on, and the recovery codes left. */
export async function secondFactorStatus(db: Database, userId: string): Promise<SecondFactorStatus> {
  const [factor] = await db
    .select({ confirmedAt: totpFactors.confirmedAt })
    .from(totpFactors)
    .where(eq(totpFactors.userId, userId));
  return {
    enrolledAt: factor?.confirmedAt?.toISOString() ?? null,
    recoveryCodesLeft: await recoveryCodesLeft(db, userId),
  };
}

/** Whether the user has a confirmed second factor, app or passkey (sign-in then asks for it). */
export async function hasSecondFactor(db: Database, userId: string): Promise<boolean> {
  const result = await db.execute<{ has: boolean }>(sql`select ${hasConfirmedFactorSql(userId)} as has`);
  return result.rows[0]?.has === true;
}

export type SecondFactorResult =
  | { ok: true; kind: 'totp' | 'recovery'; recoveryCodesLeft?: number }
  | { ok: false; reason: 'wrong' | 'replayed' };

/**
 * Checks the code of the sign-in's second step: a 6-digit TOTP code of a step after the last
 * one used, or an unused recovery code (then spent). The caller counts failures against the
 * sign-in throttle like wrong passwords.
 */
export async function verifySecondFactor(
  db: Database,
  secret: string,
  input: { userId: string; code: string; nowMs?: number },
): Promise<SecondFactorResult> {
  const code = input.code.trim();
  if (/^\d[\d\s]*$/.test(code)) {
    const [factor] = await db
      .select({ sealedSecret: totpFactors.sealedSecret, lastStep: totpFactors.lastStep })
      .from(totpFactors)
      .where(and(eq(totpFactors.userId, input.userId), isNotNull(totpFactors.confirmedAt)));
    if (!factor) return { ok: false, reason: 'wrong' };
    const verdict = verifyTotp({
      secretBase32: unseal(secret, factor.sealedSecret),
      code,
      nowMs: input.nowMs ?? Date.now(),
      lastStep: factor.lastStep,
    });
    if (!verdict.ok) return { ok: false, reason: verdict.reason === 'replayed' ? 'replayed' : 'wrong' };
    // Taken only if no other sign-in took this step (or a later one) meanwhile.
    const taken = await db
      .update(totpFactors)
      .set({ lastStep: verdict.step })
      .where(
        and(
          eq(totpFactors.userId, input.userId),
          or(isNull(totpFactors.lastStep), lt(totpFactors.lastStep, verdict.step)),
        ),
      )
      .returning({ userId: totpFactors.userId });
    return taken.length > 0 ? { ok: true, kind: 'totp' } : { ok: false, reason: 'replayed' };
  }
  const spent = await db
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(recoveryCodes.userId, input.userId),
        eq(recoveryCodes.codeHash, hashRecoveryCode(code)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ userId: recoveryCodes.userId });
  if (spent.length === 0) return { ok: false, reason: 'wrong' };
  return { ok: true, kind: 'recovery', recoveryCodesLeft: await recoveryCodesLeft(db, input.userId) };
}

/**
 * Deletes the user's authenticator app, and with `passkeys` their passkeys too (an admin's or the
 * operator's reset: the phone that was lost may hold both). The recovery codes go once no second
 * factor is left. Whether anything was removed.
 */
async function deleteFactor(tx: Executor, userId: string, scope: { passkeys: boolean }): Promise<boolean> {
  const removed = await tx
    .delete(totpFactors)
    .where(eq(totpFactors.userId, userId))
    .returning({ userId: totpFactors.userId });
  const removedKeys = scope.passkeys
    ? await tx.delete(passkeys).where(eq(passkeys.userId, userId)).returning({ id: passkeys.id })
    : [];
  const [left] = await tx
    .select({ id: passkeys.id })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .limit(1);
  if (!left) await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  return removed.length + removedKeys.length > 0;
}

/** Removes the user's second factor and recovery codes. Audited as `user.totp_disable`. */
export async function disableSecondFactor(db: Database, ctx: WorkspaceContext): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await deleteFactor(tx, ctx.actor, { passkeys: false }))) return false;
    await writeAudit(tx, {
      workspaceId: ctx.workspaceId,
      actor: ctx.actor,
      requestId: ctx.requestId,
      action: 'user.totp_disable',
      targetId: ctx.actor,
    });
    return true;
  });
}

export type ResetMemberSecondFactorResult =
  | { ok: true; value: { email: string; removed: boolean } }
  | Exclude<MemberAuthority, { ok: true }>;

/**
 * An admin removes a member's second factor and recovery codes (they lost the phone and the
 * codes): the member signs in with the password alone until they set one up again, at once if
 * the workspace requires it. Account-wide, so it takes an admin of every workspace the member is
 * in (administeredMember). Audited as `user.totp_reset`; nothing to remove writes nothing.
 */
export async function resetMemberSecondFactor(
  db: Database,
  ctx: WorkspaceContext,
  input: { userId: string },
): Promise<ResetMemberSecondFactorResult> {
  const member = await administeredMember(db, ctx, input.userId);
  if (!member.ok) return member;
  const removed = await db.transaction(async (tx) => {
    if (!(await deleteFactor(tx, input.userId, { passkeys: true }))) return false;
    await writeAudit(tx, {
      workspaceId: ctx.workspaceId,
      actor: ctx.actor,
      requestId: ctx.requestId,
      action: 'user.totp_reset',
      targetId: input.userId,
    });
    return true;
  });
  return { ok: true, value: { email: member.email, removed } };
}

/**
 * The operator's removal by e-mail (`users reset-second-factor`), for a member who lost both the
 * app and the recovery codes: audited as the CLI in each of the account's workspaces. Null when
 * no account has the e-mail; false when it had no second factor.
 */
export async function removeSecondFactorByEmail(
  db: Database,
  input: { email: string },
): Promise<boolean | null> {
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, normalizeEmail(input.email)));
  if (!user) return null;
  return db.transaction(async (tx) => {
    if (!(await deleteFactor(tx, user.id, { passkeys: true }))) return false;
    for (const workspaceId of await workspaceIdsOf(tx, user.id))
      await writeAudit(tx, { workspaceId, actor: 'cli', action: 'user.totp_disable', targetId: user.id });
    return true;
  });
}
