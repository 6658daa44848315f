// Behind HTTPS (the public origin's scheme), console cookies are Secure and responses carry HSTS;
// over plain HTTP neither (a Secure cookie would never come back, and browsers ignore HSTS there).
import { Auth } from '@auth/core';
import Credentials from '@auth/core/providers/credentials';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseAuthConfig } from '@/lib/auth/config';
import nextConfig from '@/next.config';

beforeAll(() => {
  // A fixed secret for the test: baseAuthConfig reads AUTH_SECRET before any server secret file.
  process.env.AUTH_SECRET = 'unit-test-auth-secret-0123456789abcdef';
});

/** The console's Auth.js configuration with a password provider that needs no database. */
function config() {
  const base = baseAuthConfig();
  return {
    ...base,
    basePath: '/api/auth',
    providers: [
      Credentials({
        credentials: { email: {}, password: {} },
        authorize: () => ({ id: 'usr_1', email: 'a@example.com', workspaceId: 'ws_1', role: 'admin' }),
      }),
    ],
  };
}

async function signIn(origin: string): Promise<string[]> {
  const csrf = await Auth(new Request(`${origin}/api/auth/csrf`), config());
  const csrfCookies = csrf.headers.getSetCookie();
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const cookie = csrfCookies.map((line) => line.split(';')[0]).join('; ');
  const callback = await Auth(
    new Request(`${origin}/api/auth/callback/credentials`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookie },
      body: new URLSearchParams({ csrfToken, email: 'a@example.com', password: 'x' }).toString(),
    }),
    config(),
  );
  expect(callback.status).toBe(302);
  return [...csrfCookies, ...callback.headers.getSetCookie()];
}

const attributes = (line: string) => line.split(';').map((part) => part.trim().toLowerCase());

describe('console cookies', () => {
  it('are Secure (and __Secure-/__Host- prefixed) when the public origin is https', async () => {
    const cookies = await signIn('https://verity.example');
    const session = cookies.find((line) => line.startsWith('__Secure-authjs.session-token='));
    expect(session).toBeDefined();
    expect(attributes(session ?? '')).toEqual(expect.arrayContaining(['secure', 'httponly', 'samesite=lax']));
    expect(cookies.find((line) => line.startsWith('__Host-authjs.csrf-token='))).toBeDefined();
    for (const line of cookies) expect(attributes(line)).toContain('secure');
  });

  it('are not Secure over plain http', async () => {
    const cookies = await signIn('http://verity.example');
    expect(cookies.find((line) => line.startsWith('authjs.session-token='))).toBeDefined();
    for (const line of cookies) expect(attributes(line)).not.toContain('secure');
  });
});

describe('Strict-Transport-Security', () => {
  it('is sent exactly when the reverse proxy says the request came over https', async () => {
    const rules = (await nextConfig.headers?.()) ?? [];
    const hsts = rules.filter((rule) => rule.headers.some((h) => h.key === 'Strict-Transport-Security'));
    expect(hsts).toHaveLength(1);
    const condition = hsts[0]?.has?.[0];
    expect(condition).toMatchObject({ type: 'header', key: 'x-forwarded-proto' });
    // Next.js anchors a `has` value as ^value$.
    const matches = new RegExp(`^${condition && 'value' in condition ? condition.value : ''}$`);
    expect(['https', 'https, http', 'https,https'].every((value) => matches.test(value))).toBe(true);
    expect(['http', 'http, https', 'httpsx', ''].some((value) => matches.test(value))).toBe(false);
    expect(hsts[0]?.headers[0]?.value).toMatch(/^max-age=\d{7,}/);
  });
});
