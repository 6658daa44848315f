// The console's sign-in (Auth.js credentials over HTTP, as a browser does it), the session guard
// of console pages and data routes, roles per workspace, and workspace isolation of API keys.
import { describe, expect, inject, it } from 'vitest';
import { parseAdminCredentials } from '../../scripts/support/launch-server';
import {
  ConsoleClient,
  createUser,
  expectProblem,
  newUser,
  signedIn,
  unique,
  usersCli,
} from './console-session';
import { call, newKey, query } from './support';

const base = () => inject('baseUrl');

function adminFromStartup() {
  const admin = parseAdminCredentials(inject('startupOutput'));
  if (!admin?.password) throw new Error('the launcher printed no console admin');
  return { email: admin.email, password: admin.password };
}

describe('first console admin', () => {
  it('is created on an empty database and printed once, next to the demo key', async () => {
    const output = inject('startupOutput');
    expect(output).toMatch(/API key\s+vty_[1-9A-HJ-NP-Za-km-z]{40,}/);
    expect(output).toContain('created the first console admin, in the demo workspace');
    const admin = adminFromStartup();
    expect(admin.password).toMatch(/^[1-9A-HJ-NP-Za-km-z]{22}$/);
    expect(output.split(admin.password)).toHaveLength(2);
    const rows = await query<{ email: string; password_hash: string; role: string; workspace: string }>(
      `select u.email, u.password_hash, m.role, w.name as workspace
         from users u join memberships m on m.user_id = u.id join workspaces w on w.id = m.workspace_id
        where u.email = $1`,
      [admin.email],
    );
    expect(rows).toEqual([
      { email: admin.email, password_hash: expect.any(String), role: 'admin', workspace: 'demo' },
    ]);
    // Only a memory-hard hash is stored, never the password.
    expect(rows[0]?.password_hash).toMatch(/^\$scrypt\$ln=1[5-9],r=8,p=1\$/);
    expect(rows[0]?.password_hash).not.toContain(admin.password);
  });
});

describe('without a session', () => {
  it.each([
    ['GET', '/api/console/me', undefined],
    ['GET', '/api/console/keys', undefined],
    ['POST', '/api/console/keys', { scopes: ['verify'] }],
    ['POST', '/api/console/verify', { emails: ['someone@example.com'] }],
    ['POST', '/api/console/signals', { emails: ['someone@example.com'] }],
    ['POST', '/api/console/patterns/summary', { email: 'someone@example.com' }],
  ])('%s %s answers 401 problem+json', async (method, pathname, body) => {
    const response = await call(pathname, { method, key: null, body });
    expectProblem(response, 401, 'UNAUTHORIZED');
  });

  it('an API key is no console session', async () => {
    const response = await call('/api/console/keys', { method: 'GET' });
    expectProblem(response, 401, 'UNAUTHORIZED');
  });

  it.each(['/', '/sessions', '/admin', '/lists?tab=sanctions'])(
    'the page %s redirects to sign-in',
    async (pathname) => {
      const response = await fetch(`${base()}${pathname}`, { redirect: 'manual' });
      expect([302, 303, 307, 308]).toContain(response.status);
      const location = new URL(response.headers.get('location') ?? '', base());
      expect(location.pathname).toBe('/sign-in');
      expect(location.searchParams.get('callbackUrl')).toBe(pathname === '/' ? null : pathname);
    },
  );

  it('the sign-in page itself is public', async () => {
    const response = await fetch(`${base()}/sign-in`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('Sign in to the console');
    expect(html).toMatch(/<input[^>]+type="password"/);
  });
});

describe('signing in', () => {
  it('refuses a wrong password without a session', async () => {
    const admin = adminFromStartup();
    const client = new ConsoleClient();
    const response = await client.signIn(admin.email, `${admin.password}x`);
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get('location') ?? '');
    expect(location.pathname).toBe('/sign-in');
    expect(location.searchParams.get('error')).toBe('CredentialsSignin');
    expect(client.has('authjs.session-token')).toBe(false);
    expectProblem(await client.json('/api/console/me'), 401, 'UNAUTHORIZED');
  });

  it('refuses an unknown e-mail the same way', async () => {
    const client = new ConsoleClient();
    const response = await client.signIn(`${unique('nobody')}@example.com`, 'whatever-password');
    expect(new URL(response.headers.get('location') ?? '').searchParams.get('error')).toBe(
      'CredentialsSignin',
    );
    expect(client.has('authjs.session-token')).toBe(false);
  });

  it('refuses a sign-in post without the CSRF token', async () => {
    const admin = adminFromStartup();
    const client = new ConsoleClient();
    const response = await client.fetch('/api/auth/callback/credentials', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: admin.email, password: admin.password }).toString(),
    });
    expect(client.has('authjs.session-token')).toBe(false);
    expect(response.headers.get('location') ?? '').toContain('error=');
  });

  it('lets the printed admin in, with an HttpOnly SameSite cookie, to pages and data routes', async () => {
    const admin = adminFromStartup();
    const client = await signedIn(admin);
    const cookie = client.lastSetCookies.find((line) => line.startsWith('authjs.session-token='));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);

    const me = await client.json('/api/console/me');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ workspace: { name: 'demo' }, role: 'admin' });
    expect(me.body.userId).toMatch(/^usr_[1-9A-HJ-NP-Za-km-z]{22}$/);

    const keys = await client.json('/api/console/keys');
    expect(keys.status).toBe(200);
    const demoKey = inject('demoKey');
    expect(keys.body.keys.some((k: { start: string }) => demoKey.startsWith(k.start))).toBe(true);
    // The list shows display prefixes only: no secret, no hash.
    expect(keys.text).not.toContain(demoKey);
    expect(keys.body.keys.every((k: Record<string, unknown>) => !('hash' in k) && !('key' in k))).toBe(true);

    const page = await client.fetch('/');
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Investigate');
    expect(html).toContain('demo');
  });

  it('signs out: the cookie is cleared and the session no longer works', async () => {
    const client = await signedIn(adminFromStartup());
    const csrfToken = await client.csrfToken();
    const response = await client.fetch('/api/auth/signout', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ csrfToken, callbackUrl: '/sign-in' }).toString(),
    });
    expect(response.status).toBe(302);
    expect(client.has('authjs.session-token')).toBe(false);
    expectProblem(await client.json('/api/console/me'), 401, 'UNAUTHORIZED');
  });
});

describe('sign-in throttling', () => {
  it('refuses the 6th attempt for an e-mail after 5 wrong passwords, even the right one; others are unaffected', async () => {
    const target = await newUser('analyst');
    const other = await newUser('analyst');
    const client = new ConsoleClient();
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const response = await client.signIn(target.email, `${target.password}-wrong-${attempt}`);
      const location = new URL(response.headers.get('location') ?? '');
      expect(location.searchParams.get('error')).toBe('CredentialsSignin');
      expect(location.searchParams.get('code')).toBe('credentials');
    }

    const throttled = await client.signIn(target.email, target.password);
    expect(throttled.status).toBe(302);
    const location = new URL(throttled.headers.get('location') ?? '');
    expect(location.pathname).toBe('/sign-in');
    expect(location.searchParams.get('error')).toBe('CredentialsSignin');
    const code = location.searchParams.get('code') ?? '';
    expect(code).toMatch(/^throttled_(1[0-5]|[1-9])$/);
    expect(client.has('authjs.session-token')).toBe(false);
    const page = await fetch(`${base()}${location.pathname}${location.search}`);
    const minutes = Number(code.replace('throttled_', ''));
    expect(await page.text()).toContain(
      `Too many sign-in attempts; try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    );

    // An unknown e-mail is throttled the same way, so the answer reveals nothing about accounts.
    const nobody = `${unique('nobody')}@example.com`;
    for (let attempt = 1; attempt <= 5; attempt += 1) await new ConsoleClient().signIn(nobody, 'wrong');
    const unknown = await new ConsoleClient().signIn(nobody, 'wrong');
    expect(new URL(unknown.headers.get('location') ?? '').searchParams.get('code')).toMatch(
      /^throttled_\d+$/,
    );

    // Another e-mail from the same client signs in as usual.
    const otherClient = await signedIn(other);
    expect((await otherClient.json('/api/console/me')).body).toMatchObject({ role: 'analyst' });

    // Only keyed hashes are stored: neither the e-mail nor the address appears.
    const rows = await query<{ key_hash: string }>('select key_hash from sign_in_failures');
    expect(rows.length).toBeGreaterThanOrEqual(10);
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.key_hash))).toBe(true);
  });
});

describe('sign-in throttling by client address', () => {
  // Finding 7 of issue 11: without TRUST_PROXY the client is the socket's peer, whatever
  // X-Forwarded-For it sends, and a stranger's guesses do not lock the account's owner out.
  const wrongFromRotatingAddresses = async (client: ConsoleClient, email: string, times: number) => {
    const codes: (string | null)[] = [];
    for (let attempt = 1; attempt <= times; attempt += 1) {
      const csrfToken = await client.csrfToken();
      const response = await client.fetch('/api/auth/callback/credentials', {
        method: 'POST',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          'X-Forwarded-For': `198.51.100.${attempt}`,
          'X-Real-IP': `198.51.100.${attempt}`,
        },
        body: new URLSearchParams({
          csrfToken,
          email,
          password: `wrong-${attempt}`,
          callbackUrl: '/',
        }).toString(),
      });
      codes.push(new URL(response.headers.get('location') ?? '').searchParams.get('code'));
    }
    return codes;
  };

  it('a client rotating X-Forwarded-For is still throttled after 5 wrong passwords', async () => {
    const target = await newUser('analyst');
    const codes = await wrongFromRotatingAddresses(new ConsoleClient('127.0.0.3'), target.email, 6);
    expect(codes.slice(0, 5)).toEqual(Array(5).fill('credentials'));
    expect(codes[5]).toMatch(/^throttled_\d+$/);
  });

  it("a stranger's wrong guesses from one address do not stop the owner signing in from another", async () => {
    const target = await newUser('admin');
    const stranger = new ConsoleClient('127.0.0.4');
    const codes = await wrongFromRotatingAddresses(stranger, target.email, 8);
    expect(codes.slice(5)).toEqual(Array(3).fill(expect.stringMatching(/^throttled_\d+$/)));

    const owner = new ConsoleClient('127.0.0.5');
    const response = await owner.signIn(target.email, target.password);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(`${base()}/`);
    expect(owner.has('authjs.session-token')).toBe(true);
    expect((await owner.json('/api/console/me')).body).toMatchObject({ role: 'admin' });

    // The stranger stays throttled after the owner's success.
    const again = await stranger.signIn(target.email, target.password);
    expect(new URL(again.headers.get('location') ?? '').searchParams.get('code')).toMatch(/^throttled_\d+$/);
  });
});

describe('roles', () => {
  it('an analyst may investigate but gets 403 on admin routes', async () => {
    const analyst = await newUser('analyst');
    const client = await signedIn(analyst);
    expect((await client.json('/api/console/me')).body).toMatchObject({ role: 'analyst' });
    expectProblem(await client.json('/api/console/keys'), 403, 'FORBIDDEN');
    expectProblem(await client.json('/api/console/keys', { scopes: ['verify'] }), 403, 'FORBIDDEN');
    expectProblem(await client.json('/api/console/keys/key_whatever/revoke', {}), 403, 'FORBIDDEN');

    const verified = await client.json('/api/console/verify', { emails: ['analyst.check@example.com'] });
    expect(verified.status).toBe(201);
    expect(verified.body.sessionId).toMatch(/^ses_/);
    const stored = await query<{ workspace_id: string }>('select workspace_id from sessions where id = $1', [
      verified.body.sessionId,
    ]);
    expect(stored).toEqual([{ workspace_id: analyst.workspaceId }]);

    const adminPage = await client.fetch('/admin');
    expect(adminPage.status).toBe(200);
    expect(await adminPage.text()).toContain('Admins only');
  });

  it('validates console Verify input like the public API', async () => {
    const client = await signedIn(await newUser('analyst'));
    const response = await client.json('/api/console/verify', { name: { given: 'Ann' } });
    expectProblem(response, 400, 'NO_MINIMUM_IDENTIFIER');
  });
});

describe('API keys in the console', () => {
  it('a workspace sees and touches only its own keys', async () => {
    const a = await newUser('admin');
    const b = await newUser('admin');
    const keyA = await newKey('verify', [], a.workspace);
    const keyB = await newKey('verify', [], b.workspace);
    const client = await signedIn(a);

    const listed = await client.json('/api/console/keys');
    expect(listed.status).toBe(200);
    const ids = listed.body.keys.map((k: { id: string }) => k.id);
    expect(ids).toEqual([keyA.id]);

    expectProblem(await client.json(`/api/console/keys/${keyB.id}/revoke`, {}), 404, 'NOT_FOUND');
    expectProblem(
      await client.json(`/api/console/keys/${keyB.id}/rotate`, { graceSeconds: 0 }),
      404,
      'NOT_FOUND',
    );
    expect((await call('/api/verify', { key: keyB.key, body: { emails: ['b@example.com'] } })).status).toBe(
      201,
    );
  });

  it('an admin issues a key (secret once), rotates it with a grace period and revokes it, audited', async () => {
    const admin = await newUser('admin');
    const client = await signedIn(admin);

    const created = await client.json('/api/console/keys', { name: 'ci', scopes: ['verify'] });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      id: expect.stringMatching(/^key_/),
      name: 'ci',
      scopes: ['verify'],
    });
    const first = created.body as { id: string; key: string };
    expect(first.key).toMatch(/^vty_/);
    expect((await call('/api/verify', { key: first.key, body: { emails: ['k1@example.com'] } })).status).toBe(
      201,
    );
    expect(
      (await call('/api/signals', { key: first.key, body: { emails: ['k1@example.com'] } })).status,
    ).toBe(403);
    const listed = await client.json('/api/console/keys');
    expect(listed.body.keys).toEqual([
      expect.objectContaining({ id: first.id, name: 'ci', status: 'active', scopes: ['verify'] }),
    ]);
    expect(listed.text).not.toContain(first.key);

    const rotated = await client.json(`/api/console/keys/${first.id}/rotate`, { graceSeconds: 600 });
    expect(rotated.status).toBe(200);
    expect(rotated.body).toMatchObject({ previousKeyId: first.id, scopes: ['verify'] });
    const second = rotated.body as { id: string; key: string; previousExpiresAt: string };
    expect(new Date(second.previousExpiresAt).getTime()).toBeGreaterThan(Date.now() + 500_000);
    // Both keys work during the grace period.
    for (const key of [first.key, second.key]) {
      expect((await call('/api/verify', { key, body: { emails: ['k2@example.com'] } })).status).toBe(201);
    }
    const statuses = Object.fromEntries(
      (await client.json('/api/console/keys')).body.keys.map((k: { id: string; status: string }) => [
        k.id,
        k.status,
      ]),
    );
    expect(statuses).toEqual({ [first.id]: 'expiring', [second.id]: 'active' });

    const revoked = await client.json(`/api/console/keys/${second.id}/revoke`, {});
    expect(revoked.status).toBe(200);
    expect(revoked.body.revokedAt).toEqual(expect.any(String));
    expect(
      (await call('/api/verify', { key: second.key, body: { emails: ['k3@example.com'] } })).status,
    ).toBe(401);
    // Revoking twice answers with the first revocation.
    expect((await client.json(`/api/console/keys/${second.id}/revoke`, {})).body).toEqual(revoked.body);
    expectProblem(await client.json(`/api/console/keys/${second.id}/rotate`, {}), 400, 'INVALID_INPUT');

    const audit = await query<{ action: string; actor: string; target_id: string }>(
      "select action, actor, target_id from audit_log where workspace_id = $1 and action like 'key.%' order by created_at",
      [admin.workspaceId],
    );
    expect(audit).toEqual([
      { action: 'key.create', actor: admin.id, target_id: first.id },
      { action: 'key.rotate', actor: admin.id, target_id: first.id },
      { action: 'key.revoke', actor: admin.id, target_id: second.id },
    ]);
  });

  it('refuses invalid key requests naming the fields', async () => {
    const client = await signedIn(await newUser('admin'));
    const response = await client.json('/api/console/keys', { scopes: ['root'], extra: true });
    expectProblem(response, 400, 'INVALID_INPUT');
    expect(response.body.errors.map((e: { path: string }) => e.path).sort()).toEqual([
      '',
      'name',
      'scopes.0',
    ]);
  });

  it('refuses a cross-site write even with a valid session cookie', async () => {
    const client = await signedIn(await newUser('admin'));
    const response = await client.fetch('/api/console/keys', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Origin: 'https://evil.example',
        'Sec-Fetch-Site': 'cross-site',
      },
      body: JSON.stringify({ scopes: ['verify'] }),
    });
    expect(response.status).toBe(403);
  });
});

describe('users CLI and workspaces', () => {
  it('creates a user with a generated password printed once as one JSON line', async () => {
    const email = `${unique('cli')}@Example.com`;
    const workspace = unique('cli-ws');
    const result = await createUser({ workspace, email, role: 'analyst' });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout.trim().split('\n')).toHaveLength(1);
    const created = JSON.parse(result.stdout);
    expect(created).toMatchObject({
      id: expect.stringMatching(/^usr_/),
      email: email.toLowerCase(),
      workspace,
      role: 'analyst',
      created: true,
      password: expect.stringMatching(/^[1-9A-HJ-NP-Za-km-z]{22}$/),
    });
    // E-mails compare case-insensitively.
    await signedIn({ email: email.toUpperCase(), password: created.password });
  });

  it('rejects bad arguments with a usage error, and never resets a password', async () => {
    const bad = await usersCli(['create', '--workspace', 'w', '--email', 'x@example.com', '--role', 'owner']);
    expect(bad.code).toBe(2);
    expect(JSON.parse(bad.stderr)).toMatchObject({ error: 'USAGE' });
    const short = await usersCli([
      'create',
      '--workspace',
      'w',
      '--email',
      'x@example.com',
      '--role',
      'admin',
      '--password',
      'short',
    ]);
    expect(short.code).toBe(2);
    const user = await newUser('analyst');
    const again = await createUser({
      workspace: user.workspace,
      email: user.email,
      role: 'analyst',
      password: 'another-password-123',
    });
    expect(again.code).toBe(1);
    expect(JSON.parse(again.stderr)).toMatchObject({ error: 'USER_EXISTS' });
    await signedIn(user);
  });

  it('a user in two workspaces starts in the first and can switch only to their own', async () => {
    const user = await newUser('analyst');
    const second = unique('second-ws');
    const added = await createUser({ workspace: second, email: user.email, role: 'admin' });
    expect(added.code, added.stderr).toBe(0);
    expect(JSON.parse(added.stdout)).toMatchObject({ id: user.id, created: false, role: 'admin' });
    expect(JSON.parse(added.stdout)).not.toHaveProperty('password');

    const client = await signedIn(user);
    const me = await client.json('/api/console/me');
    expect(me.body.workspace.name).toBe(user.workspace);
    expect(me.body.role).toBe('analyst');
    expect(me.body.workspaces.map((w: { name: string }) => w.name).sort()).toEqual(
      [user.workspace, second].sort(),
    );
    const secondId = me.body.workspaces.find((w: { name: string }) => w.name === second).id;

    const update = async (workspaceId: string) => {
      const csrfToken = await client.csrfToken();
      const response = await client.fetch('/api/auth/session', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ csrfToken, data: { workspaceId } }),
      });
      expect(response.status).toBe(200);
    };
    await update(secondId);
    expect((await client.json('/api/console/me')).body).toMatchObject({
      workspace: { name: second },
      role: 'admin',
    });
    expect((await client.json('/api/console/keys')).status).toBe(200);

    // A workspace the user is not in: the session stays where it was.
    const stranger = await newUser('admin');
    await update(stranger.workspaceId);
    expect((await client.json('/api/console/me')).body.workspace.name).toBe(second);
  });
});
