// Finding 8 of issue 11 (console hardening): security headers on console pages, API answers and
// problem answers; HSTS and Secure cookies only when the reverse proxy says the request was https.
import { describe, expect, inject, it } from 'vitest';
import { ConsoleClient, newUser, signedIn } from './console-session';
import { call } from './support';

const base = () => inject('baseUrl');

function expectCommonHeaders(headers: Headers) {
  expect(headers.get('x-content-type-options')).toBe('nosniff');
  expect(headers.get('x-frame-options')).toBe('DENY');
  expect(headers.get('referrer-policy')).toMatch(/^(strict-origin-when-cross-origin|no-referrer)$/);
  expect(headers.get('permissions-policy')).toMatch(/camera=\(\)/);
  expect(headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'/);
}

const directive = (headers: Headers, name: string) =>
  (headers.get('content-security-policy') ?? '')
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name} `));

describe('security headers', () => {
  it('on a console page: a nonce-based script policy whose nonce is on the page scripts', async () => {
    const client = await signedIn(await newUser('analyst'));
    const first = await client.fetch('/sessions');
    expect(first.status).toBe(200);
    expectCommonHeaders(first.headers);
    const scripts = directive(first.headers, 'script-src') ?? '';
    expect(scripts).not.toMatch(/'unsafe-inline'|'unsafe-eval'/);
    const nonce = /'nonce-([^']+)'/.exec(scripts)?.[1] ?? '';
    expect(nonce.length).toBeGreaterThanOrEqual(16);
    const html = await first.text();
    const tags = html.match(/<script\b[^>]*>/g) ?? [];
    expect(tags.length).toBeGreaterThan(0);
    for (const tag of tags) expect(tag).toContain(`nonce="${nonce}"`);

    // A fresh nonce on every response.
    const second = await client.fetch('/sessions');
    expect(directive(second.headers, 'script-src')).not.toBe(scripts);
    expect(directive(second.headers, 'script-src')).toMatch(/'nonce-/);
  });

  it('on the sign-in page and the redirect to it', async () => {
    const signIn = await fetch(`${base()}/sign-in`);
    expect(signIn.status).toBe(200);
    expectCommonHeaders(signIn.headers);
    expect(directive(signIn.headers, 'script-src')).toMatch(/'nonce-/);
    const redirect = await fetch(`${base()}/sessions`, { redirect: 'manual' });
    expect(redirect.status).toBe(307);
    expectCommonHeaders(redirect.headers);
  });

  it('on an API answer and a problem answer', async () => {
    const ok = await call('/api/verify', { body: { emails: ['headers.check@example.com'] } });
    expect(ok.status).toBe(201);
    expectCommonHeaders(ok.headers);
    expect(directive(ok.headers, 'default-src')).toBe("default-src 'none'");

    const unauthorized = await call('/api/verify', { key: null, body: { emails: ['x@example.com'] } });
    expect(unauthorized.status).toBe(401);
    expect(unauthorized.headers.get('content-type')).toContain('application/problem+json');
    expectCommonHeaders(unauthorized.headers);

    // The proxy's own problem answer (a console data route without a session).
    const console401 = await fetch(`${base()}/api/console/me`);
    expect(console401.status).toBe(401);
    expectCommonHeaders(console401.headers);
  });

  it('no HSTS and no Secure cookies over plain http', async () => {
    const client = new ConsoleClient();
    const csrf = await client.fetch('/api/auth/csrf');
    expect(csrf.headers.get('strict-transport-security')).toBeNull();
    expect(client.lastSetCookies.some((line) => /;\s*secure/i.test(line))).toBe(false);
  });

  it('HSTS and Secure cookies when the reverse proxy forwards an https request', async () => {
    const https = { 'X-Forwarded-Proto': 'https' };
    const page = await fetch(`${base()}/sign-in`, { headers: https });
    expect(page.headers.get('strict-transport-security')).toMatch(/^max-age=\d{7,}/);
    const api = await call('/api/verify', { headers: https, body: { emails: ['hsts.check@example.com'] } });
    expect(api.headers.get('strict-transport-security')).toMatch(/^max-age=\d{7,}/);

    const csrf = await fetch(`${base()}/api/auth/csrf`, { headers: https });
    const cookies = csrf.headers.getSetCookie();
    expect(cookies.length).toBeGreaterThan(0);
    expect(cookies.every((line) => /;\s*secure/i.test(line))).toBe(true);
    expect(cookies.some((line) => line.startsWith('__Host-authjs.csrf-token='))).toBe(true);
  });
});
