// Issue 14, members: the service verbs the Members page and the users CLI share. Each change is
// audited in its own transaction with the caller's request id; a member of another workspace is
// not found; the last admin can be neither demoted nor removed, even by two admins racing.
import { drizzle } from 'drizzle-orm/node-postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { createPool } from '@/lib/db/client';
import * as schema from '@/lib/db/schema';
import { createConsoleUser, verifyCredentials } from '@/lib/services/console-users';
import type { WorkspaceContext } from '@/lib/services/context';
import { addMember } from '@/lib/services/members/add-member';
import { changeMemberRole, removeMember } from '@/lib/services/members/change-member';
import { listMembers } from '@/lib/services/members/list-members';
import { appConnectionUrl, query, unique } from './support';

const pool = createPool(appConnectionUrl(), 4);
const db = drizzle({ client: pool, schema });
afterAll(() => pool.end());

/** A fresh workspace with one admin, and that admin's context (with a request id of its own). */
async function workspaceWithAdmin() {
  const email = `${unique('admin')}@example.com`;
  const created = await createConsoleUser(db, {
    email,
    workspace: unique('members-ws'),
    role: 'admin',
    password: `pw-${unique('secret')}`,
    actor: 'cli',
  });
  if (!created.ok) throw new Error('admin not created');
  const ctx: WorkspaceContext = {
    workspaceId: created.value.workspaceId,
    actor: created.value.id,
    requestId: unique('req'),
  };
  return { ctx, admin: created.value };
}

const auditOf = (workspaceId: string, action: string) =>
  query<{ actor: string; target_id: string; request_id: string | null; metadata: Record<string, unknown> }>(
    'select actor, target_id, request_id, metadata from audit_log where workspace_id = $1 and action = $2 order by created_at, id',
    [workspaceId, action],
  );

const roleOf = async (workspaceId: string, userId: string) =>
  (
    await query<{ role: string }>('select role from memberships where workspace_id = $1 and user_id = $2', [
      workspaceId,
      userId,
    ])
  )[0]?.role ?? null;

describe('adding a member', () => {
  it('a new e-mail gets an account whose one-time password signs in, audited with the request id', async () => {
    const { ctx } = await workspaceWithAdmin();
    const email = `${unique('New.Analyst')}@Example.com`;
    const added = await addMember(db, ctx, { email, role: 'analyst' });
    if (!added.ok) throw new Error('not added');
    expect(added.value).toMatchObject({ email: email.toLowerCase(), role: 'analyst' });
    expect(added.value.password).toMatch(/^\S{16,}$/);
    // The password is stored hashed: the cleartext appears nowhere in the users table.
    const [stored] = await query<{ password_hash: string }>('select password_hash from users where id = $1', [
      added.value.userId,
    ]);
    expect(stored?.password_hash).not.toContain(added.value.password ?? '');
    expect(await verifyCredentials(db, email, added.value.password ?? '')).toMatchObject({
      id: added.value.userId,
    });
    expect(await roleOf(ctx.workspaceId, added.value.userId)).toBe('analyst');
    expect(await auditOf(ctx.workspaceId, 'member.add')).toEqual([
      {
        actor: ctx.actor,
        target_id: added.value.userId,
        request_id: ctx.requestId,
        metadata: { email: email.toLowerCase(), role: 'analyst', newAccount: true },
      },
    ]);
  });

  it('an existing account joins without a new password; adding it twice is refused and audited once', async () => {
    const first = await workspaceWithAdmin();
    const second = await workspaceWithAdmin();
    // The first workspace's admin joins the second workspace as an analyst.
    const joined = await addMember(db, second.ctx, { email: first.admin.email, role: 'analyst' });
    if (!joined.ok) throw new Error('not added');
    expect(joined.value.userId).toBe(first.admin.id);
    expect(joined.value.password).toBeUndefined();
    expect(await roleOf(first.ctx.workspaceId, first.admin.id)).toBe('admin');
    expect(await roleOf(second.ctx.workspaceId, first.admin.id)).toBe('analyst');

    expect(await addMember(db, second.ctx, { email: first.admin.email, role: 'admin' })).toEqual({
      ok: false,
      reason: 'already_member',
      role: 'analyst',
    });
    expect(await roleOf(second.ctx.workspaceId, first.admin.id)).toBe('analyst');
    const audits = await auditOf(second.ctx.workspaceId, 'member.add');
    expect(audits.map((a) => a.metadata)).toEqual([
      { email: first.admin.email, role: 'analyst', newAccount: false },
    ]);
  });
});

describe('changing a role', () => {
  it('promotes and demotes, audited from and to; an unchanged role writes nothing', async () => {
    const { ctx } = await workspaceWithAdmin();
    const added = await addMember(db, ctx, { email: `${unique('analyst')}@example.com`, role: 'analyst' });
    if (!added.ok) throw new Error('not added');
    const userId = added.value.userId;

    const promoted = await changeMemberRole(db, ctx, { userId, role: 'admin' });
    expect(promoted).toMatchObject({
      ok: true,
      value: { role: 'admin', previousRole: 'analyst', changed: true },
    });
    expect(await roleOf(ctx.workspaceId, userId)).toBe('admin');
    expect(await changeMemberRole(db, ctx, { userId, role: 'admin' })).toMatchObject({
      ok: true,
      value: { changed: false },
    });
    const demoted = await changeMemberRole(db, ctx, { email: added.value.email, role: 'analyst' });
    expect(demoted).toMatchObject({ ok: true, value: { role: 'analyst', previousRole: 'admin' } });

    const audits = await auditOf(ctx.workspaceId, 'member.change_role');
    expect(audits.map((a) => [a.target_id, a.request_id, a.metadata.from, a.metadata.to])).toEqual([
      [userId, ctx.requestId, 'analyst', 'admin'],
      [userId, ctx.requestId, 'admin', 'analyst'],
    ]);
  });

  it('the last admin cannot be demoted; with a second admin they can', async () => {
    const { ctx, admin } = await workspaceWithAdmin();
    expect(await changeMemberRole(db, ctx, { userId: admin.id, role: 'analyst' })).toEqual({
      ok: false,
      reason: 'last_admin',
    });
    expect(await roleOf(ctx.workspaceId, admin.id)).toBe('admin');
    expect(await auditOf(ctx.workspaceId, 'member.change_role')).toEqual([]);

    await addMember(db, ctx, { email: `${unique('second-admin')}@example.com`, role: 'admin' });
    expect(await changeMemberRole(db, ctx, { userId: admin.id, role: 'analyst' })).toMatchObject({
      ok: true,
    });
    expect(await roleOf(ctx.workspaceId, admin.id)).toBe('analyst');
  });

  it("another workspace's member is not found, and keeps their role", async () => {
    const mine = await workspaceWithAdmin();
    const theirs = await workspaceWithAdmin();
    expect(await changeMemberRole(db, mine.ctx, { userId: theirs.admin.id, role: 'analyst' })).toEqual({
      ok: false,
      reason: 'not_found',
    });
    expect(await removeMember(db, mine.ctx, { userId: theirs.admin.id })).toEqual({
      ok: false,
      reason: 'not_found',
    });
    expect(await roleOf(theirs.ctx.workspaceId, theirs.admin.id)).toBe('admin');
  });
});

describe('removing a member', () => {
  it('removes the membership but not the account, audited with the role they had', async () => {
    const { ctx } = await workspaceWithAdmin();
    const added = await addMember(db, ctx, { email: `${unique('leaver')}@example.com`, role: 'analyst' });
    if (!added.ok) throw new Error('not added');
    expect(await removeMember(db, ctx, { userId: added.value.userId })).toMatchObject({
      ok: true,
      value: { userId: added.value.userId, role: 'analyst' },
    });
    expect(await roleOf(ctx.workspaceId, added.value.userId)).toBeNull();
    expect(await query('select id from users where id = $1', [added.value.userId])).toHaveLength(1);
    expect((await listMembers(db, ctx)).map((m) => m.userId)).not.toContain(added.value.userId);
    expect(await auditOf(ctx.workspaceId, 'member.remove')).toEqual([
      {
        actor: ctx.actor,
        target_id: added.value.userId,
        request_id: ctx.requestId,
        metadata: { email: added.value.email, role: 'analyst' },
      },
    ]);
    expect(await removeMember(db, ctx, { userId: added.value.userId })).toEqual({
      ok: false,
      reason: 'not_found',
    });
  });

  it('the last admin cannot be removed, not even by themselves', async () => {
    const { ctx, admin } = await workspaceWithAdmin();
    expect(await removeMember(db, ctx, { userId: admin.id })).toEqual({ ok: false, reason: 'last_admin' });
    expect(await roleOf(ctx.workspaceId, admin.id)).toBe('admin');
    expect(await auditOf(ctx.workspaceId, 'member.remove')).toEqual([]);
  });

  it('two admins removing each other at once: exactly one succeeds and one admin remains', async () => {
    for (let round = 0; round < 3; round++) {
      const { ctx, admin } = await workspaceWithAdmin();
      const other = await addMember(db, ctx, { email: `${unique('rival')}@example.com`, role: 'admin' });
      if (!other.ok) throw new Error('not added');
      const otherCtx: WorkspaceContext = { workspaceId: ctx.workspaceId, actor: other.value.userId };
      const outcomes = await Promise.all([
        removeMember(db, ctx, { userId: other.value.userId }),
        removeMember(db, otherCtx, { userId: admin.id }),
      ]);
      expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
      expect(outcomes.filter((o) => !o.ok)).toEqual([{ ok: false, reason: 'last_admin' }]);
      const admins = await query<{ user_id: string }>(
        "select user_id from memberships where workspace_id = $1 and role = 'admin'",
        [ctx.workspaceId],
      );
      expect(admins).toHaveLength(1);
    }
  });

  it('an admin demoting the other while being removed: one admin always remains', async () => {
    const { ctx, admin } = await workspaceWithAdmin();
    const other = await addMember(db, ctx, { email: `${unique('rival')}@example.com`, role: 'admin' });
    if (!other.ok) throw new Error('not added');
    const otherCtx: WorkspaceContext = { workspaceId: ctx.workspaceId, actor: other.value.userId };
    await Promise.all([
      changeMemberRole(db, ctx, { userId: other.value.userId, role: 'analyst' }),
      removeMember(db, otherCtx, { userId: admin.id }),
    ]);
    const admins = await query("select 1 from memberships where workspace_id = $1 and role = 'admin'", [
      ctx.workspaceId,
    ]);
    expect(admins).toHaveLength(1);
  });
});
