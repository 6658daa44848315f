// Issue 32: an admin resets a member's second factor (lost phone and codes), and a workspace
// setting "require a second factor". While it is on, a member without one
// reaches nothing but the account page (data routes answer 403, pages send them there) until
// they set it up; it cannot be turned off by the member while required; admins only, audited.
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { beginTotpEnrolment, confirmTotpEnrolment } from '@/lib/services/second-factor';
import { type ConsoleClient, expectProblem, newUser, signedIn } from './console-session';
import { query, readResponse, serviceDb, unique } from './support';

const db = serviceDb();
const SECRET = 'contract-test-server-secret-0123456789';

/** A confirmed authenticator app, set up as the account page's actions do. */
async function enrol(ctx: { workspaceId: string; actor: string }) {
  const started = await beginTotpEnrolment(db, SECRET, ctx);
  if (!started) throw new Error('enrolment not started');
  const now = Date.now();
  const code = TOTP.generate({ secret: Secret.fromBase32(started.secretBase32), timestamp: now });
  expect((await confirmTotpEnrolment(db, SECRET, ctx, { code, nowMs: now })).ok).toBe(true);
}

async function put(client: ConsoleClient, body: unknown) {
  const response = await client.fetch('/api/console/second-factor-policy', {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', 'X-Request-Id': unique('req-test') },
    body: JSON.stringify(body),
  });
  return readResponse(response);
}

describe('require a second factor', () => {
  it('an admin turns it on: a member without one is held at the account page until they set it up', async () => {
    const admin = await newUser('admin');
    const member = await newUser('analyst', admin.workspace);
    const adminClient = await signedIn(admin);
    const memberClient = await signedIn(member);
    expect((await memberClient.json('/api/console/sessions')).status).toBe(200);
    await enrol({ workspaceId: admin.workspaceId, actor: admin.id });

    // Off by default, and what the admin sees before turning it on: nobody has one yet.
    expect((await adminClient.json('/api/console/second-factor-policy')).body).toEqual({
      requireSecondFactor: false,
      members: 2,
      withSecondFactor: 1,
    });
    const on = await put(adminClient, { requireSecondFactor: true });
    expect(on.status).toBe(200);
    expect(on.body).toEqual({ requireSecondFactor: true, changed: true });
    expect(
      await query('select actor, metadata from audit_log where workspace_id = $1 and action = $2', [
        admin.workspaceId,
        'workspace.require_second_factor',
      ]),
    ).toEqual([{ actor: admin.id, metadata: { from: false, to: true } }]);

    // The member's next request, on a session signed in before the change: held.
    const held = await memberClient.json('/api/console/sessions');
    expectProblem(held, 403, 'FORBIDDEN');
    expect(JSON.stringify(held.body)).toContain('two-step sign-in');
    const page = await memberClient.fetch('/sessions');
    expect(page.status).toBe(307);
    expect(page.headers.get('location')).toContain('/account/password');
    const account = await memberClient.fetch('/account/password');
    expect(account.status).toBe(200);
    expect(await account.text()).toContain('requires two-step sign-in');

    // Setting it up (as the account page's actions do) lets the member in again.
    await enrol({ workspaceId: member.workspaceId, actor: member.id });
    expect((await memberClient.json('/api/console/sessions')).status).toBe(200);
    expect((await adminClient.json('/api/console/second-factor-policy')).body).toMatchObject({
      withSecondFactor: 2,
    });
  });

  it('takes an admin who uses a second factor: otherwise it would lock its own author out', async () => {
    const admin = await newUser('admin');
    const adminClient = await signedIn(admin);
    const refused = await put(adminClient, { requireSecondFactor: true });
    expectProblem(refused, 409, 'INVALID_INPUT');
    expect(JSON.stringify(refused.body)).toContain('set up two-step sign-in for yourself first');
    expect((await adminClient.json('/api/console/second-factor-policy')).body).toMatchObject({
      requireSecondFactor: false,
    });
    expect((await adminClient.json('/api/console/sessions')).status).toBe(200);
    // Off again is always allowed, and an unchanged setting writes no audit row.
    expect((await put(adminClient, { requireSecondFactor: false })).body).toEqual({
      requireSecondFactor: false,
      changed: false,
    });
    expect(
      await query('select 1 from audit_log where workspace_id = $1 and action like $2', [
        admin.workspaceId,
        'workspace.require%',
      ]),
    ).toEqual([]);
  });

  it('is for admins, and refuses a body that is not one boolean', async () => {
    const admin = await newUser('admin');
    const analyst = await newUser('analyst', admin.workspace);
    const analystClient = await signedIn(analyst);
    expectProblem(await analystClient.json('/api/console/second-factor-policy'), 403, 'FORBIDDEN');
    expectProblem(await put(analystClient, { requireSecondFactor: true }), 403, 'FORBIDDEN');
    const adminClient = await signedIn(admin);
    for (const body of [{}, { requireSecondFactor: 'yes' }, { requireSecondFactor: true, extra: 1 }]) {
      expectProblem(await put(adminClient, body), 400, 'INVALID_INPUT');
    }
  });
});

describe("an admin resets a member's second factor", () => {
  it('removes the app and the codes, shows it in the member list, audited; refuses self and strangers', async () => {
    const admin = await newUser('admin');
    const member = await newUser('analyst', admin.workspace);
    await enrol({ workspaceId: member.workspaceId, actor: member.id });
    const adminClient = await signedIn(admin);
    const listed = async () =>
      (
        (await adminClient.json('/api/console/members')).body as {
          members: { userId: string; secondFactor: boolean }[];
        }
      ).members;
    expect((await listed()).find((row) => row.userId === member.id)?.secondFactor).toBe(true);

    const reset = await readResponse(
      await adminClient.fetch(`/api/console/members/${member.id}/second-factor`, { method: 'DELETE' }),
    );
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ userId: member.id, email: member.email, removed: true });
    expect((await listed()).find((row) => row.userId === member.id)?.secondFactor).toBe(false);
    expect(await query('select 1 from recovery_codes where user_id = $1', [member.id])).toEqual([]);
    expect(
      await query('select actor, target_id from audit_log where workspace_id = $1 and action = $2', [
        admin.workspaceId,
        'user.totp_reset',
      ]),
    ).toEqual([{ actor: admin.id, target_id: member.id }]);
    // The password alone signs in again.
    await signedIn(member);
    // Nothing left to remove: said, and not audited again.
    const again = await readResponse(
      await adminClient.fetch(`/api/console/members/${member.id}/second-factor`, { method: 'DELETE' }),
    );
    expect(again.body).toMatchObject({ removed: false });

    expectProblem(
      await readResponse(
        await adminClient.fetch(`/api/console/members/${admin.id}/second-factor`, { method: 'DELETE' }),
      ),
      409,
      'INVALID_INPUT',
    );
    const stranger = await newUser('analyst');
    expectProblem(
      await readResponse(
        await adminClient.fetch(`/api/console/members/${stranger.id}/second-factor`, { method: 'DELETE' }),
      ),
      404,
      'NOT_FOUND',
    );
    // A member of a workspace this admin does not administer too: the operator's CLI does it.
    const elsewhere = await newUser('analyst', admin.workspace);
    await newUser('analyst', unique('other-ws')).then(async (other) => {
      await query(`insert into memberships (user_id, workspace_id, role) values ($1, $2, 'analyst')`, [
        elsewhere.id,
        other.workspaceId,
      ]);
    });
    const refused = await readResponse(
      await adminClient.fetch(`/api/console/members/${elsewhere.id}/second-factor`, { method: 'DELETE' }),
    );
    expectProblem(refused, 409, 'INVALID_INPUT');
    expect(JSON.stringify(refused.body)).toContain('users reset-second-factor');
    const analystClient = await signedIn(member);
    expectProblem(
      await readResponse(
        await analystClient.fetch(`/api/console/members/${elsewhere.id}/second-factor`, { method: 'DELETE' }),
      ),
      403,
      'FORBIDDEN',
    );
  });
});
