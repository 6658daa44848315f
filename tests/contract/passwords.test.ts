// Issue 32, passwords: a user changes their own (the current one required, the new one judged by
// length and a strength estimate, not composition); an admin resets a member's to a one-time
// password that expires and must be replaced; the operator resets any account; each is audited
// and ends the user's sessions on every console route at once.
import { drizzle } from 'drizzle-orm/node-postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { createPool } from '@/lib/db/client';
import * as schema from '@/lib/db/schema';
import { endConsoleSession, listConsoleSessions } from '@/lib/services/console-sessions';
import { createConsoleUser, verifyCredentials } from '@/lib/services/console-users';
import type { WorkspaceContext } from '@/lib/services/context';
import {
  changeOwnPassword,
  RESET_VALID_MS,
  resetMemberPassword,
  signOutEverywhere,
} from '@/lib/services/passwords';
import { expectProblem, newUser, signedIn, usersCli } from './console-session';
import { appConnectionUrl, query, unique } from './support';

const pool = createPool(appConnectionUrl(), 4);
const db = drizzle({ client: pool, schema });
afterAll(() => pool.end());

/** A strong password no dictionary holds: four unrelated words and a tag. */
const strong = () => `velvet harbor ${unique('x').slice(-6)} quietly tangerine`;

async function member(role: 'admin' | 'analyst', workspace = unique('pw-ws')) {
  const email = `${unique(role)}@example.com`;
  const password = `pw-${unique('secret')}`;
  const created = await createConsoleUser(db, { email, workspace, role, password, actor: 'cli' });
  if (!created.ok) throw new Error('user not created');
  const ctx: WorkspaceContext = { workspaceId: created.value.workspaceId, actor: created.value.id };
  return { ...created.value, password, ctx };
}

const userRow = async (id: string) =>
  (
    await query<{
      must_change_password: boolean;
      sessions_not_before: Date | null;
      password_expires_at: Date | null;
    }>('select must_change_password, sessions_not_before, password_expires_at from users where id = $1', [id])
  )[0];

const auditOf = (workspaceId: string, action: string) =>
  query<{ actor: string; target_id: string; metadata: Record<string, unknown> }>(
    'select actor, target_id, metadata from audit_log where workspace_id = $1 and action = $2 order by created_at',
    [workspaceId, action],
  );

describe('changing your own password', () => {
  it('needs the current password', async () => {
    const user = await member('analyst');
    const result = await changeOwnPassword(db, user.ctx, {
      currentPassword: 'not-it',
      newPassword: strong(),
    });
    expect(result).toMatchObject({ ok: false, field: 'currentPassword' });
    expect(await verifyCredentials(db, user.email, user.password)).not.toBeNull();
  });

  it('refuses short, common, repetitive and personal passwords, whatever their digits and symbols', async () => {
    const user = await member('analyst');
    // Each is on public lists of weak choices (short; a top-100 password padded; a keyboard walk;
    // a repeat; the user's own address), several pass classic composition rules.
    for (const weak of [
      'Tr0ub4dor&3',
      'password12345678',
      'Password1!Password1!',
      'qwertyuiopasdfghjkl',
      'aaaaaaaaaaaaaaaaaaaa',
      `${user.email}2026!`,
    ]) {
      const result = await changeOwnPassword(db, user.ctx, {
        currentPassword: user.password,
        newPassword: weak,
      });
      expect(result, weak).toMatchObject({ ok: false, field: 'newPassword', message: expect.any(String) });
    }
    expect(await verifyCredentials(db, user.email, user.password)).not.toBeNull();
  });

  it('replaces the password, audited, and ends the sessions signed in before', async () => {
    const user = await member('analyst');
    const next = strong();
    const result = await changeOwnPassword(db, user.ctx, {
      currentPassword: user.password,
      newPassword: next,
    });
    expect(result.ok).toBe(true);
    expect(await verifyCredentials(db, user.email, user.password)).toBeNull();
    expect(await verifyCredentials(db, user.email, next)).toMatchObject({ id: user.id });
    const row = await userRow(user.id);
    expect(row?.must_change_password).toBe(false);
    expect(row?.sessions_not_before).toBeInstanceOf(Date);
    expect(await auditOf(user.workspaceId, 'user.password_change')).toEqual([
      { actor: user.id, target_id: user.id, metadata: { email: user.email } },
    ]);
  });
});

describe("an admin's reset", () => {
  it('issues a one-time password that must be changed, audited; the old password stops working', async () => {
    const admin = await member('admin');
    const analyst = await member('analyst', admin.workspace);
    const result = await resetMemberPassword(db, admin.ctx, { userId: analyst.id });
    if (!result.ok) throw new Error(result.reason);
    expect(result.value.password).toMatch(/^\S{20,}$/);
    expect(await verifyCredentials(db, analyst.email, analyst.password)).toBeNull();
    expect(await verifyCredentials(db, analyst.email, result.value.password)).toMatchObject({
      id: analyst.id,
    });
    const row = await userRow(analyst.id);
    expect(row?.must_change_password).toBe(true);
    expect(row?.password_expires_at?.getTime()).toBe(result.value.expiresAt.getTime());
    expect(await auditOf(admin.workspaceId, 'user.password_reset')).toEqual([
      {
        actor: admin.id,
        target_id: analyst.id,
        metadata: { email: analyst.email, expiresAt: result.value.expiresAt.toISOString() },
      },
    ]);
    // Changing it clears the flag and the expiry.
    const changed = await changeOwnPassword(db, analyst.ctx, {
      currentPassword: result.value.password,
      newPassword: strong(),
    });
    expect(changed.ok).toBe(true);
    expect(await userRow(analyst.id)).toMatchObject({
      must_change_password: false,
      password_expires_at: null,
    });
  });

  it('expires: a one-time password older than a day is refused like a wrong one', async () => {
    const admin = await member('admin');
    const analyst = await member('analyst', admin.workspace);
    const long_ago = new Date(Date.now() - RESET_VALID_MS - 60_000);
    const result = await resetMemberPassword(db, admin.ctx, { userId: analyst.id, now: long_ago });
    if (!result.ok) throw new Error(result.reason);
    expect(await verifyCredentials(db, analyst.email, result.value.password)).toBeNull();
  });

  it('refuses yourself, strangers, and members who belong to a workspace the admin does not run', async () => {
    const admin = await member('admin');
    expect(await resetMemberPassword(db, admin.ctx, { userId: admin.id })).toEqual({
      ok: false,
      reason: 'yourself',
    });
    const stranger = await member('analyst');
    expect(await resetMemberPassword(db, admin.ctx, { userId: stranger.id })).toEqual({
      ok: false,
      reason: 'not_found',
    });
    // The stranger joins this admin's workspace too, keeping their own: not this admin's to reset.
    const joined = await createConsoleUser(db, {
      email: stranger.email,
      workspace: admin.workspace,
      role: 'analyst',
      actor: 'cli',
    });
    expect(joined.ok).toBe(true);
    expect(await resetMemberPassword(db, admin.ctx, { userId: stranger.id })).toEqual({
      ok: false,
      reason: 'other_workspaces',
    });
    expect(await verifyCredentials(db, stranger.email, stranger.password)).not.toBeNull();
  });
});

describe('over HTTP', () => {
  it('a reset signs the member out everywhere; signed in with the one-time password they may only change it', async () => {
    const admin = await newUser('admin');
    const analyst = await newUser('analyst', admin.workspace);
    const before = await signedIn(analyst);
    expect((await before.json('/api/console/sessions')).status).toBe(200);

    const adminClient = await signedIn(admin);
    const reset = await adminClient.json(`/api/console/members/${analyst.id}/password-reset`, {});
    expect(reset.status).toBe(201);
    const issued = reset.body as { password: string; expiresAt: string; mustChangePassword: boolean };
    expect(issued.mustChangePassword).toBe(true);

    // The session from before the reset is over, on this and every process.
    expectProblem(await before.json('/api/console/sessions'), 401, 'UNAUTHORIZED');
    // Signed in with the one-time password: nothing but the password change.
    const after = await signedIn({ email: analyst.email, password: issued.password });
    const refused = await after.json('/api/console/sessions');
    expectProblem(refused, 403, 'FORBIDDEN');
    expect((refused.body as { detail: string }).detail).toContain('/account/password');

    // Analysts may not reset; an admin may not reset someone outside the workspace.
    expectProblem(await after.json(`/api/console/members/${admin.id}/password-reset`, {}), 403, 'FORBIDDEN');
    const stranger = await newUser('analyst');
    expectProblem(
      await adminClient.json(`/api/console/members/${stranger.id}/password-reset`, {}),
      404,
      'NOT_FOUND',
    );
    const self = await adminClient.json(`/api/console/members/${admin.id}/password-reset`, {});
    expect(self.status).toBe(409);
  });

  it('the operator resets any account with the users CLI, audited in each of its workspaces', async () => {
    const admin = await newUser('admin');
    const result = await usersCli(['reset-password', '--email', admin.email.toUpperCase()]);
    expect(result.code, result.stderr).toBe(0);
    const printed = JSON.parse(result.stdout) as {
      email: string;
      password: string;
      mustChangePassword: boolean;
    };
    expect(printed).toMatchObject({ email: admin.email, mustChangePassword: true });
    expect(await verifyCredentials(db, admin.email, printed.password)).not.toBeNull();
    expect(await auditOf(admin.workspaceId, 'user.password_reset')).toMatchObject([
      { actor: 'cli', target_id: admin.id },
    ]);
    const missing = await usersCli(['reset-password', '--email', `${unique('nobody')}@example.com`]);
    expect(missing.code).not.toBe(0);
  });
});

describe('signed-in sessions', () => {
  it('are listed with device and address; ending one refuses its next request, the others go on', async () => {
    const user = await newUser('analyst');
    const first = await signedIn(user);
    const second = await signedIn(user);
    const listed = await listConsoleSessions(db, user.id);
    expect(listed).toHaveLength(2);
    for (const session of listed) {
      expect(session.userAgent).toBeTruthy();
      expect(session.ipAddress).toMatch(/127\.0\.0\.1|::1/);
    }
    const [older] = [...listed].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    if (!older) throw new Error('no session');
    const ctx = { workspaceId: user.workspaceId, actor: user.id };
    // Another user cannot end it: it answers as unknown.
    const stranger = await newUser('analyst');
    expect(
      await endConsoleSession(db, { workspaceId: stranger.workspaceId, actor: stranger.id }, older.id),
    ).toBe(false);
    expect(await endConsoleSession(db, ctx, older.id)).toBe(true);
    expectProblem(await first.json('/api/console/sessions'), 401, 'UNAUTHORIZED');
    expect((await second.json('/api/console/sessions')).status).toBe(200);
    expect((await listConsoleSessions(db, user.id)).map((s) => s.id)).not.toContain(older.id);
    expect(await auditOf(user.workspaceId, 'user.session_end')).toEqual([
      { actor: user.id, target_id: older.id, metadata: {} },
    ]);
    // Signing out everywhere ends the rest and empties the list.
    await signOutEverywhere(db, ctx);
    expectProblem(await second.json('/api/console/sessions'), 401, 'UNAUTHORIZED');
    expect(await listConsoleSessions(db, user.id)).toEqual([]);
  });
});
