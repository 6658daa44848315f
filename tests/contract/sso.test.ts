// Issue 32, single sign-on: who an OpenID Connect sign-in is (lib/services/sso.ts). Refusals
// (no e-mail, an e-mail the provider says is unverified, a foreign domain) write nothing; a first
// sign-in makes an account without a password, a member of the configured workspace with the
// configured role; the next one finds it by subject; an existing account with the e-mail is
// linked, not duplicated; a member removed from every workspace is not added back.
import { describe, expect, it } from 'vitest';
import { createConsoleUser, listMemberships } from '@/lib/services/console-users';
import { removeMember } from '@/lib/services/members/change-member';
import { type SsoPolicy, ssoLinkedUser, ssoSignIn } from '@/lib/services/sso';
import { query, serviceDb, unique } from './support';

const db = serviceDb();

function policy(): SsoPolicy & { workspace: string } {
  return { allowedDomains: ['acme.example', 'acme.test'], workspace: unique('sso-ws'), role: 'analyst' };
}
const person = (email: string | null, emailVerified: boolean | null = true) => ({
  subject: unique('subject'),
  email,
  emailVerified,
  name: 'Ana Example',
});
const userCount = async () => Number((await query<{ n: string }>('select count(*) as n from users'))[0]?.n);

describe('single sign-on refuses', () => {
  it('a foreign domain, an unverified e-mail and no e-mail, writing nothing', async () => {
    const before = await userCount();
    const rules = policy();
    expect(await ssoSignIn(db, rules, person(`${unique('eve')}@evil.example`))).toEqual({
      ok: false,
      reason: 'foreign_domain',
    });
    // A look-alike is not the domain: only the part after the last @, whole.
    expect(await ssoSignIn(db, rules, person(`${unique('eve')}@notacme.example`))).toMatchObject({
      reason: 'foreign_domain',
    });
    expect(await ssoSignIn(db, rules, person(`${unique('eve')}@acme.example.evil`))).toMatchObject({
      reason: 'foreign_domain',
    });
    expect(await ssoSignIn(db, rules, person(`${unique('ana')}@acme.example`, false))).toEqual({
      ok: false,
      reason: 'email_unverified',
    });
    expect(await ssoSignIn(db, rules, person(null))).toEqual({ ok: false, reason: 'no_email' });
    expect(await userCount()).toBe(before);
    expect(await query('select 1 from workspaces where name = $1', [rules.workspace])).toEqual([]);
  });
});

describe('single sign-on admits', () => {
  it('a first sign-in as a new account without a password, a member with the configured role, audited', async () => {
    const rules = policy();
    const ana = person(`${unique('Ana')}@ACME.example`, null);
    const first = await ssoSignIn(db, rules, ana);
    if (!first.ok) throw new Error(first.reason);
    expect(first.outcome).toBe('created');
    expect(first.user.email).toBe(ana.email?.toLowerCase());
    const [stored] = await query<{ password_hash: string | null }>(
      'select password_hash from users where id = $1',
      [first.user.id],
    );
    expect(stored?.password_hash).toBeNull();
    expect(await listMemberships(db, first.user.id)).toEqual([
      expect.objectContaining({ workspaceName: rules.workspace, role: 'analyst' }),
    ]);
    const [workspace] = await query<{ id: string }>('select id from workspaces where name = $1', [
      rules.workspace,
    ]);
    expect(
      await query('select actor, metadata from audit_log where workspace_id = $1 and action = $2', [
        workspace?.id,
        'user.create',
      ]),
    ).toEqual([{ actor: 'system', metadata: { email: first.user.email, role: 'analyst', via: 'sso' } }]);

    // The next sign-in finds the same account by the provider's subject.
    expect(await ssoSignIn(db, rules, ana)).toEqual({ ok: true, user: first.user, outcome: 'linked' });
    expect((await ssoLinkedUser(db, ana.subject))?.id).toBe(first.user.id);
  });

  it('an existing account with the e-mail, linked to the subject once and audited', async () => {
    const rules = policy();
    const email = `${unique('bob')}@acme.test`;
    const created = await createConsoleUser(db, {
      email,
      workspace: unique('pw-ws'),
      role: 'admin',
      password: `pw-${unique('secret')}`,
      actor: 'cli',
    });
    if (!created.ok) throw new Error('user not created');
    const bob = person(email);
    expect(await ssoSignIn(db, rules, bob)).toMatchObject({
      ok: true,
      outcome: 'link_added',
      user: { id: created.value.id },
    });
    expect(await ssoSignIn(db, rules, bob)).toMatchObject({ ok: true, outcome: 'linked' });
    // Still only the workspace and role an admin gave: single sign-on adds no membership to it.
    expect(await listMemberships(db, created.value.id)).toEqual([
      expect.objectContaining({ workspaceId: created.value.workspaceId, role: 'admin' }),
    ]);
    expect(
      await query(
        'select action from audit_log where workspace_id = $1 and target_id = $2 order by created_at',
        [created.value.workspaceId, created.value.id],
      ),
    ).toEqual([{ action: 'user.create' }, { action: 'user.sso_link' }]);
  });

  it('a removed member back to no workspace: the account, but no membership again', async () => {
    const rules = policy();
    const carol = person(`${unique('carol')}@acme.example`);
    const first = await ssoSignIn(db, rules, carol);
    if (!first.ok) throw new Error(first.reason);
    const [membership] = await listMemberships(db, first.user.id);
    if (!membership) throw new Error('no membership');
    const admin = await createConsoleUser(db, {
      email: `${unique('admin')}@example.com`,
      workspace: membership.workspaceName,
      role: 'admin',
      actor: 'cli',
    });
    if (!admin.ok) throw new Error('admin not created');
    const removed = await removeMember(
      db,
      { workspaceId: membership.workspaceId, actor: admin.value.id },
      { userId: first.user.id },
    );
    expect(removed).toMatchObject({ ok: true });
    expect(await ssoSignIn(db, rules, carol)).toMatchObject({ ok: true, outcome: 'linked' });
    expect(await listMemberships(db, first.user.id)).toEqual([]);
  });
});
