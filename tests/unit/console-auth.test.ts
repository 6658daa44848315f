import { describe, expect, it } from 'vitest';
import { safeCallbackPath } from '@/lib/auth/callback-url';
import { readClaims, sessionClaims } from '@/lib/auth/claims';
import { classifyPath } from '@/lib/auth/console-paths';
import { publicOrigin } from '@/lib/auth/public-origin';
import { isRole, roleAllows } from '@/lib/auth/roles';
import { isSameOriginRequest } from '@/lib/auth/same-origin';

describe('safeCallbackPath', () => {
  it.each([
    ['/sessions', '/sessions'],
    ['/sessions/ses_123?tab=calls#risk', '/sessions/ses_123?tab=calls#risk'],
    ['/admin', '/admin'],
  ])('keeps the same-site path %s', (raw, expected) => {
    expect(safeCallbackPath(raw)).toBe(expected);
  });

  it.each([
    null,
    undefined,
    '',
    'https://evil.example/phish',
    '//evil.example/phish',
    '/\\evil.example',
    'javascript:alert(1)',
    'sessions',
    '/sign-in',
    '/sign-in?callbackUrl=/admin',
    '/api/console/keys',
  ])('falls back to / for %s', (raw) => {
    expect(safeCallbackPath(raw)).toBe('/');
  });

  it('resolves dot segments before judging the path', () => {
    expect(safeCallbackPath('/x/../api/console/keys')).toBe('/');
    expect(safeCallbackPath('/a/./b')).toBe('/a/b');
  });
});

describe('classifyPath', () => {
  it.each([
    ['/', 'console-page'],
    ['/sessions', 'console-page'],
    ['/admin', 'console-page'],
    ['/sign-in-elsewhere', 'console-page'],
    ['/api/console/keys', 'console-api'],
    ['/api/console', 'console-api'],
    ['/api/verify', 'public'],
    ['/api/health', 'public'],
    ['/api/auth/csrf', 'public'],
    ['/api/consoles', 'public'],
    ['/sign-in', 'public'],
    ['/_next/static/chunks/app.js', 'public'],
    ['/favicon.ico', 'public'],
    ['/icon.svg', 'public'],
  ])('%s is %s', (pathname, kind) => {
    expect(classifyPath(pathname)).toBe(kind);
  });
});

describe('roles', () => {
  it('admins may do what analysts may, not the reverse', () => {
    expect(roleAllows('admin', 'admin')).toBe(true);
    expect(roleAllows('admin', 'analyst')).toBe(true);
    expect(roleAllows('analyst', 'analyst')).toBe(true);
    expect(roleAllows('analyst', 'admin')).toBe(false);
  });

  it('recognises only the two roles', () => {
    expect(isRole('admin')).toBe(true);
    expect(isRole('analyst')).toBe(true);
    expect(isRole('owner')).toBe(false);
    expect(isRole(undefined)).toBe(false);
  });
});

describe('session claims', () => {
  const token = { sub: 'usr_1', email: 'a@example.com', name: null, workspaceId: 'ws_1', role: 'analyst' };

  it('reads the user, workspace and role from a token', () => {
    expect(readClaims(token)).toEqual({
      userId: 'usr_1',
      email: 'a@example.com',
      name: null,
      workspaceId: 'ws_1',
      role: 'analyst',
      // A token from before the sign-in time and session id were claims (issue 32).
      signedInAt: 0,
      sessionId: null,
      // A token without the claim signed in with a password (single sign-on came later).
      signedInWith: 'password',
    });
    expect(readClaims({ ...token, signedInAt: 1_764_000_000_000, sid: 'csn_1', via: 'sso' })).toMatchObject({
      signedInAt: 1_764_000_000_000,
      sessionId: 'csn_1',
      signedInWith: 'sso',
    });
  });

  it('treats a token without a valid workspace or role as signed out', () => {
    expect(readClaims({ ...token, workspaceId: undefined })).toBeNull();
    expect(readClaims({ ...token, role: 'owner' })).toBeNull();
    expect(readClaims({ ...token, sub: '' })).toBeNull();
    expect(readClaims(null)).toBeNull();
  });

  it('reads the same claims from the session object auth() returns', () => {
    const session = {
      user: { id: 'usr_1', email: 'a@example.com', name: 'A' },
      workspaceId: 'ws_1',
      role: 'admin' as const,
      expires: '2030-01-01T00:00:00.000Z',
    };
    expect(sessionClaims(session)).toEqual({
      userId: 'usr_1',
      email: 'a@example.com',
      name: 'A',
      workspaceId: 'ws_1',
      role: 'admin',
      signedInAt: 0,
      sessionId: null,
      signedInWith: 'password',
    });
    expect(
      sessionClaims({ ...session, signedInAt: 5, sessionId: 'csn_2', signedInWith: 'sso' }),
    ).toMatchObject({
      signedInAt: 5,
      sessionId: 'csn_2',
      signedInWith: 'sso',
    });
    expect(sessionClaims({ ...session, user: undefined })).toBeNull();
    expect(sessionClaims(null)).toBeNull();
  });
});

describe('isSameOriginRequest', () => {
  const headers = (entries: Record<string, string>) => new Headers(entries);

  it('lets reads through whatever their origin', () => {
    expect(isSameOriginRequest('GET', headers({ 'sec-fetch-site': 'cross-site' }))).toBe(true);
  });

  it('accepts writes from the console itself', () => {
    expect(isSameOriginRequest('POST', headers({ 'sec-fetch-site': 'same-origin' }))).toBe(true);
    expect(
      isSameOriginRequest('POST', headers({ origin: 'http://localhost:3000', host: 'localhost:3000' })),
    ).toBe(true);
    expect(
      isSameOriginRequest(
        'POST',
        headers({
          origin: 'https://verity.example',
          host: '10.0.0.5:3000',
          'x-forwarded-host': 'verity.example',
        }),
      ),
    ).toBe(true);
  });

  it('refuses writes a page on another site sends with the user’s cookie', () => {
    expect(isSameOriginRequest('POST', headers({ 'sec-fetch-site': 'cross-site' }))).toBe(false);
    expect(isSameOriginRequest('POST', headers({ 'sec-fetch-site': 'same-site' }))).toBe(false);
    expect(
      isSameOriginRequest('POST', headers({ origin: 'https://evil.example', host: 'localhost:3000' })),
    ).toBe(false);
    expect(isSameOriginRequest('POST', headers({ origin: 'null', host: 'localhost:3000' }))).toBe(false);
  });

  it('accepts non-browser clients, which send neither header', () => {
    expect(isSameOriginRequest('POST', headers({ host: 'localhost:3000' }))).toBe(true);
  });
});

describe('publicOrigin', () => {
  const fallback = 'http://localhost:3000';
  const headers = (entries: Record<string, string>) => new Headers(entries);

  it('uses the Host the browser sent, not the listen address', () => {
    expect(publicOrigin(headers({ host: '192.168.1.20:3000' }), fallback)).toBe('http://192.168.1.20:3000');
    expect(publicOrigin(headers({ host: '[::1]:3000' }), fallback)).toBe('http://[::1]:3000');
  });

  it('prefers a reverse proxy’s forwarded host and protocol', () => {
    expect(
      publicOrigin(
        headers({
          host: '10.0.0.5:3000',
          'x-forwarded-host': 'verity.example, proxy.internal',
          'x-forwarded-proto': 'https',
        }),
        fallback,
      ),
    ).toBe('https://verity.example');
  });

  it('falls back for a missing or malformed host', () => {
    expect(publicOrigin(headers({}), fallback)).toBe(fallback);
    expect(publicOrigin(headers({ host: 'evil.example/path' }), fallback)).toBe(fallback);
    expect(publicOrigin(headers({ host: 'user@evil.example' }), fallback)).toBe(fallback);
  });
});
