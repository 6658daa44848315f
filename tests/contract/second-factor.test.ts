// Issue 32, the second factor: enrolment confirmed by a first code, ten recovery codes stored
// hashed; at sign-in a code works once (a replay is refused, also by two sign-ins racing), a
// recovery code works once; turning it off takes a code; each step audited.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, inject, it } from 'vitest';
import { createConsoleUser } from '@/lib/services/console-users';
import type { WorkspaceContext } from '@/lib/services/context';
import {
  beginTotpEnrolment,
  confirmTotpEnrolment,
  disableSecondFactor,
  hasSecondFactor,
  secondFactorStatus,
  verifySecondFactor,
} from '@/lib/services/second-factor';
import { ConsoleClient, usersCli } from './console-session';
import { query, serviceDb, unique } from './support';

const db = serviceDb();

const SECRET = 'contract-test-server-secret-0123456789';
/** The running server's own secret (VERITY_SECRET, else DATA_DIR/secret), to enrol for HTTP tests. */
const serverSecret = () =>
  inject('cliEnv').VERITY_SECRET ?? readFileSync(path.join(inject('dataDir'), 'secret'), 'utf8').trim();
const codeAt = (base32: string, ms: number) =>
  TOTP.generate({ secret: Secret.fromBase32(base32), timestamp: ms, digits: 6, period: 30 });

async function enrolled(secret = SECRET) {
  const password = `pw-${unique('secret')}`;
  const created = await createConsoleUser(db, {
    email: `${unique('mfa')}@example.com`,
    workspace: unique('mfa-ws'),
    role: 'analyst',
    password,
    actor: 'cli',
  });
  if (!created.ok) throw new Error('user not created');
  const ctx: WorkspaceContext = { workspaceId: created.value.workspaceId, actor: created.value.id };
  const started = await beginTotpEnrolment(db, secret, ctx);
  if (!started) throw new Error('enrolment not started');
  return {
    ctx,
    userId: created.value.id,
    email: created.value.email,
    password,
    secretBase32: started.secretBase32,
  };
}

describe('enrolment', () => {
  it('needs a right first code, then gives ten recovery codes stored only as hashes, audited', async () => {
    const { ctx, userId, secretBase32 } = await enrolled();
    expect(await hasSecondFactor(db, userId)).toBe(false);
    expect(await confirmTotpEnrolment(db, SECRET, ctx, { code: '000000' })).toMatchObject({ ok: false });
    const now = Date.now();
    const confirmed = await confirmTotpEnrolment(db, SECRET, ctx, {
      code: codeAt(secretBase32, now),
      nowMs: now,
    });
    if (!confirmed.ok) throw new Error(confirmed.reason);
    expect(confirmed.recoveryCodes).toHaveLength(10);
    expect(await hasSecondFactor(db, userId)).toBe(true);
    const stored = await query<{ code_hash: string }>(
      'select code_hash from recovery_codes where user_id = $1',
      [userId],
    );
    expect(stored).toHaveLength(10);
    for (const code of confirmed.recoveryCodes)
      expect(stored.map((row) => row.code_hash).join()).not.toContain(code.replace('-', ''));
    const sealed = await query<{ sealed_secret: string }>(
      'select sealed_secret from totp_factors where user_id = $1',
      [userId],
    );
    expect(sealed[0]?.sealed_secret).not.toContain(secretBase32);
    expect(
      await query('select actor from audit_log where workspace_id = $1 and action = $2', [
        ctx.workspaceId,
        'user.totp_enable',
      ]),
    ).toEqual([{ actor: userId }]);
    // An enrolled factor is not replaced by starting again.
    expect(await beginTotpEnrolment(db, SECRET, ctx)).toBeNull();
  });
});

describe('at sign-in', () => {
  it('takes a code once: the same code, or an earlier one, is refused afterwards', async () => {
    const { ctx, userId, secretBase32 } = await enrolled();
    const t0 = Date.now();
    const confirmed = await confirmTotpEnrolment(db, SECRET, ctx, {
      code: codeAt(secretBase32, t0),
      nowMs: t0,
    });
    expect(confirmed.ok).toBe(true);
    // The enrolment's own code was used: replaying it is refused.
    expect(
      await verifySecondFactor(db, SECRET, { userId, code: codeAt(secretBase32, t0), nowMs: t0 }),
    ).toEqual({
      ok: false,
      reason: 'replayed',
    });
    const t1 = t0 + 30_000;
    const next = codeAt(secretBase32, t1);
    // Two sign-ins racing with the same fresh code: exactly one passes.
    const raced = await Promise.all([
      verifySecondFactor(db, SECRET, { userId, code: next, nowMs: t1 }),
      verifySecondFactor(db, SECRET, { userId, code: next, nowMs: t1 }),
    ]);
    expect(raced.filter((r) => r.ok)).toHaveLength(1);
    expect(
      await verifySecondFactor(db, SECRET, { userId, code: '123456', nowMs: t1 + 60_000 }),
    ).toMatchObject({
      ok: false,
    });
  });

  it('takes each recovery code once', async () => {
    const { ctx, userId, secretBase32 } = await enrolled();
    const now = Date.now();
    const confirmed = await confirmTotpEnrolment(db, SECRET, ctx, {
      code: codeAt(secretBase32, now),
      nowMs: now,
    });
    if (!confirmed.ok) throw new Error(confirmed.reason);
    const [first = ''] = confirmed.recoveryCodes;
    expect(await verifySecondFactor(db, SECRET, { userId, code: first.toUpperCase() })).toEqual({
      ok: true,
      kind: 'recovery',
      recoveryCodesLeft: 9,
    });
    expect(await verifySecondFactor(db, SECRET, { userId, code: first })).toEqual({
      ok: false,
      reason: 'wrong',
    });
    expect((await secondFactorStatus(db, userId)).recoveryCodesLeft).toBe(9);
  });

  it('is gone once turned off, audited', async () => {
    const { ctx, userId, secretBase32 } = await enrolled();
    const now = Date.now();
    await confirmTotpEnrolment(db, SECRET, ctx, { code: codeAt(secretBase32, now), nowMs: now });
    expect(await disableSecondFactor(db, ctx)).toBe(true);
    expect(await hasSecondFactor(db, userId)).toBe(false);
    expect(await query('select 1 from recovery_codes where user_id = $1', [userId])).toEqual([]);
    expect(
      await query('select actor from audit_log where workspace_id = $1 and action = $2', [
        ctx.workspaceId,
        'user.totp_disable',
      ]),
    ).toEqual([{ actor: userId }]);
  });
});

describe('over HTTP (Auth.js credentials callback)', () => {
  /** Where the callback sent the browser: its error code, if any. */
  const codeOf = (response: Response) =>
    new URL(response.headers.get('location') ?? '', 'http://x').searchParams.get('code');

  async function codeStep(client: ConsoleClient, ticket: string, code: string): Promise<Response> {
    const csrfToken = await client.csrfToken();
    return client.fetch('/api/auth/callback/credentials', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ csrfToken, ticket, code, callbackUrl: '/' }).toString(),
    });
  }

  it('answers the right password with a ticket, not a session; the ticket and a code sign in', async () => {
    const user = await enrolled(serverSecret());
    const now = Date.now();
    const confirmed = await confirmTotpEnrolment(db, serverSecret(), user.ctx, {
      code: codeAt(user.secretBase32, now),
      nowMs: now,
    });
    expect(confirmed.ok).toBe(true);
    const client = new ConsoleClient();
    const first = await client.signIn(user.email, user.password);
    expect(first.status).toBe(302);
    const ticket = (codeOf(first) ?? '').replace(/^second_factor:/, '');
    expect(ticket.length).toBeGreaterThan(10);
    expect(client.has('authjs.session-token')).toBe(false);
    // A forged or altered ticket is refused.
    const forged = await codeStep(
      client,
      `${ticket.slice(0, -2)}xx`,
      codeAt(user.secretBase32, now + 30_000),
    );
    expect(codeOf(forged)).toBe('credentials');
    expect(client.has('authjs.session-token')).toBe(false);
    const second = await codeStep(client, ticket, codeAt(user.secretBase32, now + 30_000));
    expect(second.status).toBe(302);
    expect(codeOf(second)).toBeNull();
    expect(client.has('authjs.session-token')).toBe(true);
    expect((await client.json('/api/console/me')).body).toMatchObject({
      userId: user.userId,
      role: 'analyst',
    });
  });

  it('throttles wrong codes like wrong passwords: after five, even the right code is refused', async () => {
    const user = await enrolled(serverSecret());
    const now = Date.now();
    await confirmTotpEnrolment(db, serverSecret(), user.ctx, {
      code: codeAt(user.secretBase32, now),
      nowMs: now,
    });
    const client = new ConsoleClient();
    const ticket = (codeOf(await client.signIn(user.email, user.password)) ?? '').replace(
      /^second_factor:/,
      '',
    );
    // The password step counted as an attempt (it is not forgiven until the code is right).
    for (let attempt = 0; attempt < 4; attempt += 1) {
      expect(codeOf(await codeStep(client, ticket, '000000'))).toBe('credentials');
    }
    const right = await codeStep(client, ticket, codeAt(user.secretBase32, now + 30_000));
    expect(codeOf(right)).toMatch(/^throttled_\d+$/);
    expect(client.has('authjs.session-token')).toBe(false);
  });

  it('is removed by the operator for a member who lost the app: the password then signs in alone', async () => {
    const user = await enrolled(serverSecret());
    const now = Date.now();
    await confirmTotpEnrolment(db, serverSecret(), user.ctx, {
      code: codeAt(user.secretBase32, now),
      nowMs: now,
    });
    const result = await usersCli(['reset-second-factor', '--email', user.email.toUpperCase()]);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ email: user.email.toUpperCase(), removed: true });
    expect(await hasSecondFactor(db, user.userId)).toBe(false);
    expect(await query('select 1 from recovery_codes where user_id = $1', [user.userId])).toEqual([]);
    expect(
      await query('select actor from audit_log where workspace_id = $1 and action = $2', [
        user.ctx.workspaceId,
        'user.totp_disable',
      ]),
    ).toEqual([{ actor: 'cli' }]);
    const client = new ConsoleClient();
    await client.signIn(user.email, user.password);
    expect(client.has('authjs.session-token')).toBe(true);
    const unknown = await usersCli(['reset-second-factor', '--email', `${unique('nobody')}@example.com`]);
    expect(unknown.code).toBe(1);
    expect(JSON.parse(unknown.stderr)).toMatchObject({ error: 'NOT_FOUND' });
  });
});
