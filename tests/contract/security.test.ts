// Shared security tests: every authenticated API route answers 401/403/429 the same way.
import { describe, expect, it } from 'vitest';
import { call, keysCli, newKey } from './support';

const EVENT = {
  type: 'visitor',
  observedAt: '2026-01-01T00:00:00Z',
  source: 'web',
  emails: ['someone@example.com'],
};
const ROUTES = [
  { path: '/api/verify', scope: 'verify', body: { emails: ['someone@example.com'] } },
  { path: '/api/signals', scope: 'signals', body: { emails: ['someone@example.com'] } },
  { path: '/api/signals/patterns/summary', scope: 'signals', body: { email: 'someone@example.com' } },
  {
    path: '/api/signals/patterns/timeseries',
    scope: 'signals',
    body: { email: 'someone@example.com', interval: 'day' },
  },
  { path: '/api/events', scope: 'ingest', body: [EVENT] },
  {
    path: '/api/records',
    scope: 'ingest',
    body: [{ kind: 'phone', phone: '+14155550100', lineType: 'MOBILE', observedAt: '2026-01-01' }],
  },
] as const;

function expectProblem(response: Awaited<ReturnType<typeof call>>, status: number, code: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toContain('application/problem+json');
  expect(response.body).toMatchObject({
    status,
    code,
    title: expect.any(String),
    detail: expect.any(String),
  });
  expect(response.body.requestId).toBe(response.headers.get('x-request-id'));
}

describe.each(ROUTES)('$path security', (route) => {
  it('401 UNAUTHORIZED without an Authorization header', async () => {
    const response = await call(route.path, { key: null, body: route.body });
    expectProblem(response, 401, 'UNAUTHORIZED');
    expect(response.headers.get('www-authenticate')).toBe('Bearer');
  });

  it('401 for a malformed header, an unknown key and a key without our prefix', async () => {
    for (const authorization of ['Basic abc', 'Bearer', 'Bearer vty_doesnotexist', 'Bearer sk_live_123']) {
      const response = await call(route.path, {
        key: null,
        body: route.body,
        headers: { Authorization: authorization },
      });
      expectProblem(response, 401, 'UNAUTHORIZED');
    }
  });

  it('401 once the key is revoked (soft revocation, immediate)', async () => {
    const created = await newKey();
    expect((await call(route.path, { key: created.key, body: route.body })).status).toBeLessThan(300);
    const revoked = await keysCli(['revoke', created.id]);
    expect(revoked.code).toBe(0);
    expect(JSON.parse(revoked.stdout)).toMatchObject({ id: created.id, revokedAt: expect.any(String) });
    expectProblem(await call(route.path, { key: created.key, body: route.body }), 401, 'UNAUTHORIZED');
  });

  it('403 FORBIDDEN for a valid key not enabled for this endpoint', async () => {
    const others = ['verify', 'signals', 'ingest'].filter((scope) => scope !== route.scope);
    const created = await newKey(others.join(','));
    const response = await call(route.path, { key: created.key, body: route.body });
    expectProblem(response, 403, 'FORBIDDEN');
    expect(response.body.detail).toContain(route.scope);
  });

  it('429 RATE_LIMITED with Retry-After and RateLimit headers past the contracted rate', async () => {
    const created = await newKey('verify,signals,ingest', ['--rate-limit', '2/m']);
    const first = await call(route.path, { key: created.key, body: route.body });
    expect(first.status).toBeLessThan(300);
    expect(first.headers.get('ratelimit-limit')).toBe('1');
    expect(first.headers.get('ratelimit-remaining')).toBe('0');
    expect(Number(first.headers.get('ratelimit-reset'))).toBeGreaterThan(0);
    const second = await call(route.path, { key: created.key, body: route.body });
    expectProblem(second, 429, 'RATE_LIMITED');
    expect(Number(second.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(second.headers.get('ratelimit-remaining')).toBe('0');
  });

  it('rate limits are per endpoint: exhausting one route leaves the other untouched', async () => {
    const created = await newKey('verify,signals,ingest', ['--rate-limit', '1/m']);
    expect((await call(route.path, { key: created.key, body: route.body })).status).toBeLessThan(300);
    expect((await call(route.path, { key: created.key, body: route.body })).status).toBe(429);
    const otherRoute = ROUTES.find((r) => r.path !== route.path);
    if (!otherRoute) throw new Error('need two routes');
    expect((await call(otherRoute.path, { key: created.key, body: otherRoute.body })).status).toBeLessThan(
      300,
    );
  });
});

describe('key rotation', () => {
  it('issues a new key and keeps the old one working through the grace period', async () => {
    const created = await newKey('verify');
    const rotated = await keysCli(['rotate', created.id, '--grace', '1h']);
    expect(rotated.code).toBe(0);
    const line = JSON.parse(rotated.stdout);
    expect(line).toMatchObject({
      id: expect.stringMatching(/^key_/),
      key: expect.stringMatching(/^vty_/),
      workspace: created.workspace,
    });
    expect(line.id).not.toBe(created.id);
    expect(Date.parse(line.previousExpiresAt) - Date.now()).toBeGreaterThan(55 * 60 * 1000);
    const body = { emails: ['rotation@example.com'] };
    expect((await call('/api/verify', { key: created.key, body })).status).toBe(201);
    expect((await call('/api/verify', { key: line.key, body })).status).toBe(201);
  });

  it('with no grace the old key stops at once, and a rotated key cannot be rotated twice', async () => {
    const created = await newKey('verify');
    const rotated = JSON.parse((await keysCli(['rotate', created.id, '--grace', '0s'])).stdout);
    const body = { emails: ['rotation@example.com'] };
    expect((await call('/api/verify', { key: created.key, body })).status).toBe(401);
    expect((await call('/api/verify', { key: rotated.key, body })).status).toBe(201);
    const again = await keysCli(['rotate', created.id]);
    expect(again.code).toBe(1);
    expect(JSON.parse(again.stderr)).toMatchObject({ error: 'KEY_REVOKED' });
  });

  it('the CLI reports unknown keys and bad usage as JSON on stderr', async () => {
    const unknown = await keysCli(['revoke', 'key_doesnotexist']);
    expect(unknown.code).toBe(1);
    expect(JSON.parse(unknown.stderr)).toMatchObject({ error: 'NOT_FOUND' });
    const usage = await keysCli(['create', '--workspace', 'x', '--scopes', 'admin']);
    expect(usage.code).toBe(2);
    expect(JSON.parse(usage.stderr).message).toContain('unknown: admin');
  });
});
