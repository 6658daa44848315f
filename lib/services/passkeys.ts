// A console user's passkeys (issue 32), a second factor beside the authenticator app: added from
// the account page, asked for at the sign-in's second step. @simplewebauthn/server does the
// WebAuthn ceremony (attestation and assertion checks, COSE keys, counters); this module keeps
// the credentials, the one open challenge per purpose, and the audit rows.
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { and, asc, count, eq, isNull } from 'drizzle-orm';
import type { RelyingParty } from '@/lib/auth/passkey-party';
import { newRecoveryCodes } from '@/lib/auth/recovery-codes';
import type { Database, Executor } from '@/lib/db/client';
import { passkeyChallenges, passkeys, recoveryCodes, totpFactors, users } from '@/lib/db/schema';
import { writeAudit } from './audit';
import type { WorkspaceContext } from './context';

const CHALLENGE_TTL_MS = 5 * 60 * 1000;
/** A person adds a few (laptop, phone, a security key); the cap keeps the sign-in's list short. */
export const MAX_PASSKEYS = 10;

type Purpose = 'register' | 'sign_in';

async function openChallenge(db: Database, userId: string, purpose: Purpose, challenge: string) {
  const expiresAt = new Date(Date.now() + CHALLENGE_TTL_MS);
  await db
    .insert(passkeyChallenges)
    .values({ userId, purpose, challenge, expiresAt })
    .onConflictDoUpdate({
      target: [passkeyChallenges.userId, passkeyChallenges.purpose],
      set: { challenge, expiresAt },
    });
}

/** Takes the open challenge (once: a second answer to it finds none), if not expired. */
async function takeChallenge(db: Database, userId: string, purpose: Purpose): Promise<string | null> {
  const [taken] = await db
    .delete(passkeyChallenges)
    .where(and(eq(passkeyChallenges.userId, userId), eq(passkeyChallenges.purpose, purpose)))
    .returning({ challenge: passkeyChallenges.challenge, expiresAt: passkeyChallenges.expiresAt });
  return taken && taken.expiresAt.getTime() > Date.now() ? taken.challenge : null;
}

const asTransports = (stored: string[]) =>
  stored as NonNullable<RegistrationResponseJSON['response']['transports']>;

export interface PasskeySummary {
  id: string;
  label: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** The user's passkeys, oldest first, for the account page. */
export async function listPasskeys(db: Database, userId: string): Promise<PasskeySummary[]> {
  const rows = await db
    .select({
      id: passkeys.id,
      label: passkeys.label,
      createdAt: passkeys.createdAt,
      lastUsedAt: passkeys.lastUsedAt,
    })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt));
  return rows.map((row) => ({
    id: row.id,
    label: row.label,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  }));
}

export type BeginRegistrationResult =
  | { ok: true; options: PublicKeyCredentialCreationOptionsJSON }
  | { ok: false; reason: 'too_many' | 'no_user' };

/** Step one of adding a passkey: the options for the browser's navigator.credentials.create(). */
export async function beginPasskeyRegistration(
  db: Database,
  ctx: WorkspaceContext,
  rp: RelyingParty,
): Promise<BeginRegistrationResult> {
  const [user] = await db
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(eq(users.id, ctx.actor));
  if (!user) return { ok: false, reason: 'no_user' };
  const existing = await db
    .select({ id: passkeys.id, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, ctx.actor));
  if (existing.length >= MAX_PASSKEYS) return { ok: false, reason: 'too_many' };
  const options = await generateRegistrationOptions({
    rpName: 'Verity',
    rpID: rp.rpID,
    userName: user.email,
    userDisplayName: user.name ?? user.email,
    userID: new TextEncoder().encode(ctx.actor),
    // No attestation: which maker's authenticator it is changes nothing here, and asking for it
    // makes browsers show a privacy prompt.
    attestationType: 'none',
    // The same authenticator cannot be added twice.
    excludeCredentials: existing.map((row) => ({ id: row.id, transports: asTransports(row.transports) })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
  await openChallenge(db, ctx.actor, 'register', options.challenge);
  return { ok: true, options };
}

export type FinishRegistrationResult =
  | { ok: true; passkey: PasskeySummary; recoveryCodes: string[] | null }
  | { ok: false; reason: 'expired' | 'rejected' };

/**
 * Step two: the browser's answer is checked against the open challenge, origin and RP ID, and the
 * credential kept. A first second factor comes with ten recovery codes (shown once), as the
 * authenticator app's does. Audited as `user.passkey_add`.
 */
export async function finishPasskeyRegistration(
  db: Database,
  ctx: WorkspaceContext,
  input: { response: RegistrationResponseJSON; rp: RelyingParty; label: string },
): Promise<FinishRegistrationResult> {
  const challenge = await takeChallenge(db, ctx.actor, 'register');
  if (!challenge) return { ok: false, reason: 'expired' };
  const verification = await verifyRegistrationResponse({
    response: input.response,
    expectedChallenge: challenge,
    expectedOrigin: input.rp.origin,
    expectedRPID: input.rp.rpID,
    requireUserVerification: false,
  }).catch(() => null);
  if (!verification?.verified) return { ok: false, reason: 'rejected' };
  const { credential } = verification.registrationInfo;
  return db.transaction(async (tx) => {
    const [added] = await tx
      .insert(passkeys)
      .values({
        id: credential.id,
        userId: ctx.actor,
        publicKey: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        transports: credential.transports ?? [],
        label: input.label.slice(0, 120),
      })
      .onConflictDoNothing()
      .returning();
    if (!added) return { ok: false, reason: 'rejected' } as const;
    const codes = (await unusedRecoveryCodes(tx, ctx.actor)) === 0 ? newRecoveryCodes() : null;
    if (codes) {
      await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, ctx.actor));
      await tx
        .insert(recoveryCodes)
        .values(codes.hashes.map((codeHash) => ({ userId: ctx.actor, codeHash })));
    }
    await writeAudit(tx, {
      workspaceId: ctx.workspaceId,
      actor: ctx.actor,
      requestId: ctx.requestId,
      action: 'user.passkey_add',
      targetId: ctx.actor,
      metadata: { passkey: added.label },
    });
    return {
      ok: true,
      passkey: {
        id: added.id,
        label: added.label,
        createdAt: added.createdAt.toISOString(),
        lastUsedAt: null,
      },
      recoveryCodes: codes?.codes ?? null,
    } as const;
  });
}

async function unusedRecoveryCodes(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ left: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.left ?? 0;
}

/** Whether the user keeps another second factor (the app, or another passkey) besides `exceptId`. */
async function keepsAnotherFactor(db: Executor, userId: string, exceptId: string): Promise<boolean> {
  const others = await db.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.userId, userId));
  if (others.some((row) => row.id !== exceptId)) return true;
  const [app] = await db
    .select({ confirmedAt: totpFactors.confirmedAt })
    .from(totpFactors)
    .where(eq(totpFactors.userId, userId));
  return Boolean(app?.confirmedAt);
}

export type RemovePasskeyResult = { ok: true } | { ok: false; reason: 'not_found' | 'required' };

/**
 * Removes one of the user's own passkeys. Refused when a workspace requires a second factor and
 * this is the last one. With no second factor left the recovery codes go too. Audited as
 * `user.passkey_remove` with the passkey's label.
 */
export async function removePasskey(
  db: Database,
  ctx: WorkspaceContext,
  input: { id: string; required: boolean },
): Promise<RemovePasskeyResult> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ label: passkeys.label })
      .from(passkeys)
      .where(and(eq(passkeys.id, input.id), eq(passkeys.userId, ctx.actor)));
    if (!row) return { ok: false, reason: 'not_found' } as const;
    const another = await keepsAnotherFactor(tx, ctx.actor, input.id);
    if (input.required && !another) return { ok: false, reason: 'required' } as const;
    await tx.delete(passkeys).where(and(eq(passkeys.id, input.id), eq(passkeys.userId, ctx.actor)));
    if (!another) await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, ctx.actor));
    await writeAudit(tx, {
      workspaceId: ctx.workspaceId,
      actor: ctx.actor,
      requestId: ctx.requestId,
      action: 'user.passkey_remove',
      targetId: ctx.actor,
      metadata: { passkey: row.label },
    });
    return { ok: true } as const;
  });
}

/** Whether the user has a passkey (the sign-in's second step then offers it). */
export async function hasPasskey(db: Database, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: passkeys.id })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .limit(1);
  return Boolean(row);
}

/** The options for navigator.credentials.get() at the sign-in's second step; null without passkeys. */
export async function beginPasskeySignIn(
  db: Database,
  input: { userId: string; rp: RelyingParty },
): Promise<PublicKeyCredentialRequestOptionsJSON | null> {
  const rows = await db
    .select({ id: passkeys.id, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, input.userId));
  if (rows.length === 0) return null;
  const options = await generateAuthenticationOptions({
    rpID: input.rp.rpID,
    allowCredentials: rows.map((row) => ({ id: row.id, transports: asTransports(row.transports) })),
    userVerification: 'preferred',
  });
  await openChallenge(db, input.userId, 'sign_in', options.challenge);
  return options;
}

export type PasskeySignInResult = { ok: true } | { ok: false; reason: 'expired' | 'unknown' | 'rejected' };

/**
 * Checks the browser's assertion at the sign-in's second step: against the open challenge (taken,
 * so an answer works once), one of this user's passkeys, the origin and the RP ID. A signature
 * counter that does not move forward is refused (a cloned authenticator) by the library; the
 * counter is then stored only if no other sign-in moved it meanwhile. The caller counts failures
 * against the sign-in throttle.
 */
export async function verifyPasskeySignIn(
  db: Database,
  input: { userId: string; response: AuthenticationResponseJSON; rp: RelyingParty },
): Promise<PasskeySignInResult> {
  const challenge = await takeChallenge(db, input.userId, 'sign_in');
  if (!challenge) return { ok: false, reason: 'expired' };
  const [stored] = await db
    .select()
    .from(passkeys)
    .where(and(eq(passkeys.id, input.response.id), eq(passkeys.userId, input.userId)));
  if (!stored) return { ok: false, reason: 'unknown' };
  const verification = await verifyAuthenticationResponse({
    response: input.response,
    expectedChallenge: challenge,
    expectedOrigin: input.rp.origin,
    expectedRPID: input.rp.rpID,
    credential: {
      id: stored.id,
      publicKey: new Uint8Array(Buffer.from(stored.publicKey, 'base64url')),
      counter: stored.counter,
      transports: asTransports(stored.transports),
    },
    requireUserVerification: false,
  }).catch(() => null);
  if (!verification?.verified) return { ok: false, reason: 'rejected' };
  const newCounter = verification.authenticationInfo.newCounter;
  const moved = await db
    .update(passkeys)
    .set({ counter: newCounter, lastUsedAt: new Date() })
    // Unchanged since it was read: of two sign-ins racing, one stores its counter.
    .where(and(eq(passkeys.id, stored.id), eq(passkeys.counter, stored.counter)))
    .returning({ id: passkeys.id });
  return moved.length > 0 ? { ok: true } : { ok: false, reason: 'rejected' };
}
