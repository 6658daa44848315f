// Issue 32, the second factor: enrolment confirmed by a first code, ten recovery codes stored
// hashed; at sign-in a code works once (a replay is refused, also by two sign-ins racing), a
// recovery code works once; turning it off takes a code; each step audited.
import { drizzle } from 'drizzle-orm/node-postgres';
import { Secret, TOTP } from 'otpauth';
import { afterAll, describe, expect, it } from 'vitest';
import { createPool } from '@/lib/db/client';
import * as schema from '@/lib/db/schema';
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
import { appConnectionUrl, query, unique } from './support';

const pool = createPool(appConnectionUrl(), 4);
const db = drizzle({ client: pool, schema });
afterAll(() => pool.end());

const SECRET = 'contract-test-server-secret-0123456789';
const codeAt = (base32: string, ms: number) =>
  TOTP.generate({ secret: Secret.fromBase32(base32), timestamp: ms, digits: 6, period: 30 });

async function enrolled() {
  const created = await createConsoleUser(db, {
    email: `${unique('mfa')}@example.com`,
    workspace: unique('mfa-ws'),
    role: 'analyst',
    password: `pw-${unique('secret')}`,
    actor: 'cli',
  });
  if (!created.ok) throw new Error('user not created');
  const ctx: WorkspaceContext = { workspaceId: created.value.workspaceId, actor: created.value.id };
  const started = await beginTotpEnrolment(db, SECRET, ctx);
  if (!started) throw new Error('enrolment not started');
  return { ctx, userId: created.value.id, secretBase32: started.secretBase32 };
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
