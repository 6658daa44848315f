// Issue 32, passkeys: a software authenticator (tests/support/soft-authenticator.ts, built from
// the WebAuthn specification) answers the service's options, so its checks run on real
// signatures. Adding one needs the open challenge, the right origin and RP ID; a first one comes
// with recovery codes; at sign-in an answer works once, a counter wound back (a cloned
// authenticator) and another account's passkey are refused; the last one stays while a
// workspace requires a second factor; each change is audited with the passkey's name.
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { describe, expect, it } from 'vitest';
import type { RelyingParty } from '@/lib/auth/passkey-party';
import { createConsoleUser } from '@/lib/services/console-users';
import type { WorkspaceContext } from '@/lib/services/context';
import {
  beginPasskeyRegistration,
  beginPasskeySignIn,
  finishPasskeyRegistration,
  listPasskeys,
  removePasskey,
  verifyPasskeySignIn,
} from '@/lib/services/passkeys';
import { hasSecondFactor, secondFactorStatus } from '@/lib/services/second-factor';
import { softAuthenticator } from '../support/soft-authenticator';
import { query, serviceDb, unique } from './support';

const db = serviceDb();
const rp: RelyingParty = { origin: 'https://verity.example', rpID: 'verity.example' };

async function member(): Promise<{ ctx: WorkspaceContext; userId: string }> {
  const created = await createConsoleUser(db, {
    email: `${unique('passkey')}@example.com`,
    workspace: unique('passkey-ws'),
    role: 'analyst',
    password: `pw-${unique('secret')}`,
    actor: 'cli',
  });
  if (!created.ok) throw new Error('user not created');
  return {
    ctx: { workspaceId: created.value.workspaceId, actor: created.value.id },
    userId: created.value.id,
  };
}

async function added(ctx: WorkspaceContext, origin = rp.origin) {
  const authenticator = softAuthenticator();
  const begun = await beginPasskeyRegistration(db, ctx, rp);
  if (!begun.ok) throw new Error(begun.reason);
  const response = authenticator.register(begun.options, origin) as RegistrationResponseJSON;
  const finished = await finishPasskeyRegistration(db, ctx, { response, rp, label: 'Chrome 150 on Linux' });
  return { authenticator, finished };
}

async function signIn(userId: string, authenticator: ReturnType<typeof softAuthenticator>) {
  const options = await beginPasskeySignIn(db, { userId, rp });
  if (!options) throw new Error('no passkey to ask for');
  const response = authenticator.assert(options, rp.origin) as AuthenticationResponseJSON;
  return { response, result: await verifyPasskeySignIn(db, { userId, response, rp }) };
}

describe('adding a passkey', () => {
  it('keeps it with ten recovery codes when it is the first second factor, audited by name', async () => {
    const { ctx, userId } = await member();
    expect(await hasSecondFactor(db, userId)).toBe(false);
    const { finished } = await added(ctx);
    if (!finished.ok) throw new Error(finished.reason);
    expect(finished.recoveryCodes).toHaveLength(10);
    expect(await hasSecondFactor(db, userId)).toBe(true);
    expect((await secondFactorStatus(db, userId)).recoveryCodesLeft).toBe(10);
    expect((await listPasskeys(db, userId)).map((p) => p.label)).toEqual(['Chrome 150 on Linux']);
    expect(
      await query('select actor, metadata from audit_log where workspace_id = $1 and action = $2', [
        ctx.workspaceId,
        'user.passkey_add',
      ]),
    ).toEqual([{ actor: userId, metadata: { passkey: 'Chrome 150 on Linux' } }]);
    // A second passkey keeps the codes the first one gave.
    const second = await added(ctx);
    expect(second.finished).toMatchObject({ ok: true, recoveryCodes: null });
  });

  it('refuses an answer made for another origin, one with no open challenge, and the same authenticator twice', async () => {
    const { ctx, userId } = await member();
    expect((await added(ctx, 'https://verity.example.evil')).finished).toEqual({
      ok: false,
      reason: 'rejected',
    });
    // The refused answer used up its challenge: answering again needs a new one.
    const authenticator = softAuthenticator();
    const begun = await beginPasskeyRegistration(db, ctx, rp);
    if (!begun.ok) throw new Error(begun.reason);
    const response = authenticator.register(begun.options, rp.origin) as RegistrationResponseJSON;
    expect(await finishPasskeyRegistration(db, ctx, { response, rp, label: 'x' })).toMatchObject({
      ok: true,
    });
    expect(await finishPasskeyRegistration(db, ctx, { response, rp, label: 'x' })).toEqual({
      ok: false,
      reason: 'expired',
    });
    const again = await beginPasskeyRegistration(db, ctx, rp);
    if (!again.ok) throw new Error(again.reason);
    // The browser is told not to make one on this authenticator again; a forced answer is refused.
    expect(again.options.excludeCredentials?.map((c) => c.id)).toEqual([authenticator.credentialId]);
    const duplicate = authenticator.register(again.options, rp.origin) as RegistrationResponseJSON;
    expect(await finishPasskeyRegistration(db, ctx, { response: duplicate, rp, label: 'y' })).toEqual({
      ok: false,
      reason: 'rejected',
    });
    expect(await listPasskeys(db, userId)).toHaveLength(1);
  });
});

describe('signing in with a passkey', () => {
  it('takes an answer once and stores the counter; a counter wound back is refused', async () => {
    const { ctx, userId } = await member();
    const { authenticator } = await added(ctx);
    const first = await signIn(userId, authenticator);
    expect(first.result).toEqual({ ok: true });
    expect((await listPasskeys(db, userId))[0]?.lastUsedAt).not.toBeNull();
    // The same answer replayed finds no open challenge.
    expect(await verifyPasskeySignIn(db, { userId, response: first.response, rp })).toEqual({
      ok: false,
      reason: 'expired',
    });
    // A clone of the authenticator reports a counter the server has already seen.
    authenticator.counter -= 1;
    expect((await signIn(userId, authenticator)).result).toEqual({ ok: false, reason: 'rejected' });
    authenticator.counter += 5;
    expect((await signIn(userId, authenticator)).result).toEqual({ ok: true });
  });

  it("refuses another account's passkey and an answer for another origin", async () => {
    const mine = await member();
    const theirs = await member();
    await added(mine.ctx);
    const { authenticator: foreign } = await added(theirs.ctx);
    expect((await signIn(mine.userId, foreign)).result).toEqual({ ok: false, reason: 'unknown' });
    const { authenticator } = await added(mine.ctx);
    const options = await beginPasskeySignIn(db, { userId: mine.userId, rp });
    if (!options) throw new Error('no options');
    const response = authenticator.assert(options, 'https://phishing.example') as AuthenticationResponseJSON;
    expect(await verifyPasskeySignIn(db, { userId: mine.userId, response, rp })).toEqual({
      ok: false,
      reason: 'rejected',
    });
  });
});

describe('removing a passkey', () => {
  it('keeps the last second factor while a workspace requires one; otherwise removes it and the codes, audited', async () => {
    const { ctx, userId } = await member();
    await added(ctx);
    const [passkey] = await listPasskeys(db, userId);
    if (!passkey) throw new Error('no passkey');
    expect(await removePasskey(db, ctx, { id: passkey.id, required: true })).toEqual({
      ok: false,
      reason: 'required',
    });
    expect(await removePasskey(db, ctx, { id: 'not-mine', required: false })).toEqual({
      ok: false,
      reason: 'not_found',
    });
    expect(await removePasskey(db, ctx, { id: passkey.id, required: false })).toEqual({ ok: true });
    expect(await hasSecondFactor(db, userId)).toBe(false);
    expect((await secondFactorStatus(db, userId)).recoveryCodesLeft).toBe(0);
    expect(
      await query('select metadata from audit_log where workspace_id = $1 and action = $2', [
        ctx.workspaceId,
        'user.passkey_remove',
      ]),
    ).toEqual([{ metadata: { passkey: 'Chrome 150 on Linux' } }]);
  });
});
