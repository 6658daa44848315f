// Shared security tests: every authenticated API route answers 401/403/429 the same way.
import { describe, expect, it } from 'vitest';
import { call, keysCli, newKey } from './support';

const EVENT = {
  type: 'visitor',
  observedAt: '2026-01-01T00:00:00Z',
  source: 'web',
  emails: ['someone@example.com'],
};
/** Adds a block entry with the key and names its path (for the operations on one entry). */
async function entryOf(key: string): Promise<string> {
  const value = `security-${crypto.randomUUID().slice(0, 8)}.example`;
  const added = await call('/api/lists/entries', {
    key,
    body: { list: 'block', kind: 'email_domain', value, reason: 'security test' },
  });
  return `/api/lists/entries/${added.body.id}`;
}

interface Route {
  path: string;
  scope: string;
  method?: string;
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
  /** The path a call of this key succeeds at, when that needs data of its workspace first. */
  prepare?: (key: string) => Promise<string>;
}

const ROUTES: Route[] = [
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
  { path: '/api/lists/entries', scope: 'lists', method: 'GET' },
  {
    path: '/api/lists/entries',
    scope: 'lists',
    body: { list: 'allow', kind: 'email', value: 'someone@example.com', reason: 'security test' },
  },
  {
    path: '/api/lists/entries/wle_1111111111111111111111',
    scope: 'lists',
    method: 'PATCH',
    body: { reason: 'changed' },
    prepare: entryOf,
  },
  {
    path: '/api/lists/entries/wle_1111111111111111111111',
    scope: 'lists',
    method: 'DELETE',
    prepare: entryOf,
  },
  {
    path: '/api/lists/entries/import',
    scope: 'lists',
    rawBody: 'list,kind,value,reason\nblock,email,someone@example.com,security test\n',
    headers: { 'Content-Type': 'text/csv' },
  },
];

const ALL_SCOPES = 'verify,signals,ingest,lists';

/** One call of the route with this key (null: none), at its prepared path when asked. */
async function send(
  route: Route,
  key: string | null,
  options: { prepared?: string; authorization?: string } = {},
) {
  return call(options.prepared ?? route.path, {
    key,
    method: route.method ?? 'POST',
    body: route.body,
    rawBody: route.rawBody,
    headers: { ...route.headers, ...(options.authorization ? { Authorization: options.authorization } : {}) },
  });
}

/** The route's path for a call of this key that succeeds. */
const preparedPath = (route: Route, key: string) => (route.prepare ? route.prepare(key) : route.path);

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

describe.each(ROUTES.map((route) => ({ method: 'POST', ...route })))('$method $path security', (route) => {
  it('401 UNAUTHORIZED without an Authorization header', async () => {
    const response = await send(route, null);
    expectProblem(response, 401, 'UNAUTHORIZED');
    expect(response.headers.get('www-authenticate')).toBe('Bearer');
  });

  it('401 for a malformed header, an unknown key and a key without our prefix', async () => {
    for (const authorization of ['Basic abc', 'Bearer', 'Bearer vty_doesnotexist', 'Bearer sk_live_123']) {
      expectProblem(await send(route, null, { authorization }), 401, 'UNAUTHORIZED');
    }
  });

  it('401 once the key is revoked (soft revocation, immediate)', async () => {
    const created = await newKey(ALL_SCOPES);
    const prepared = await preparedPath(route, created.key);
    expect((await send(route, created.key, { prepared })).status).toBeLessThan(300);
    const revoked = await keysCli(['revoke', created.id]);
    expect(revoked.code).toBe(0);
    expect(JSON.parse(revoked.stdout)).toMatchObject({ id: created.id, revokedAt: expect.any(String) });
    expectProblem(await send(route, created.key, { prepared }), 401, 'UNAUTHORIZED');
  });

  it('403 FORBIDDEN for a valid key not enabled for this endpoint', async () => {
    const others = ALL_SCOPES.split(',').filter((scope) => scope !== route.scope);
    const created = await newKey(others.join(','));
    const response = await send(route, created.key);
    expectProblem(response, 403, 'FORBIDDEN');
    expect(response.body.detail).toContain(route.scope);
  });

  it('429 RATE_LIMITED with Retry-After and RateLimit headers past the contracted rate', async () => {
    const created = await newKey(ALL_SCOPES, ['--rate-limit', '2/m']);
    const prepared = await preparedPath(route, created.key);
    const first = await send(route, created.key, { prepared });
    expect(first.status).toBeLessThan(300);
    expect(first.headers.get('ratelimit-limit')).toBe('1');
    expect(first.headers.get('ratelimit-remaining')).toBe('0');
    expect(Number(first.headers.get('ratelimit-reset'))).toBeGreaterThan(0);
    const second = await send(route, created.key, { prepared });
    expectProblem(second, 429, 'RATE_LIMITED');
    expect(Number(second.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(second.headers.get('ratelimit-remaining')).toBe('0');
  });

  it('rate limits are per endpoint: exhausting one route leaves the other untouched', async () => {
    const created = await newKey(ALL_SCOPES, ['--rate-limit', '1/m']);
    const prepared = await preparedPath(route, created.key);
    expect((await send(route, created.key, { prepared })).status).toBeLessThan(300);
    expect((await send(route, created.key, { prepared })).status).toBe(429);
    const otherRoute = ROUTES.find((r) => r.path !== route.path && !r.prepare);
    if (!otherRoute) throw new Error('need two routes');
    expect((await send(otherRoute, created.key)).status).toBeLessThan(300);
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
