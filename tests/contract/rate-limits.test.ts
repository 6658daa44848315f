// Every key has a rate limit (docs/api/limits.md, "Rate limits"): the workspace's default,
// which admins change from the console or the keys CLI, unless the key has its own override.
// Every 2xx and every 429 of a keyed operation carries RateLimit-Limit, -Remaining and -Reset.
import { afterAll, describe, expect, it } from 'vitest';
import { closeDb, configureDatabase, db } from '@/lib/db/client';
import { setWorkspaceRateLimit } from '@/lib/services/keys/workspace-rate-limit';
import { type ConsoleClient, expectProblem, newUser, signedIn } from './console-session';
import {
  type ApiResponse,
  call,
  connectionUrl,
  keysCli,
  newKey,
  query,
  readResponse,
  unique,
} from './support';

const EVENT = {
  type: 'visitor',
  observedAt: '2026-01-01T00:00:00Z',
  source: 'web',
  emails: ['a@example.com'],
};
const ROUTES = [
  { path: '/api/verify', body: { emails: ['rate.limit@example.com'] } },
  { path: '/api/signals', body: { emails: ['rate.limit@example.com'] } },
  { path: '/api/signals/patterns/summary', body: { email: 'rate.limit@example.com' } },
  { path: '/api/signals/patterns/timeseries', body: { email: 'rate.limit@example.com', interval: 'day' } },
  { path: '/api/events', body: [EVENT] },
  {
    path: '/api/records',
    body: [{ kind: 'phone', phone: '+14155550100', lineType: 'MOBILE', observedAt: '2026-01-01' }],
  },
] as const;

// The documented default of a workspace nobody has changed (docs/api/limits.md, "Rate limits").
const DOCUMENTED_DEFAULT = '100';

const limitOf = (response: ApiResponse) => response.headers.get('ratelimit-limit');

function expectRateLimitHeaders(response: ApiResponse, limit: string) {
  expect(limitOf(response)).toBe(limit);
  expect(response.headers.get('ratelimit-remaining')).toMatch(/^\d+$/);
  expect(Number(response.headers.get('ratelimit-remaining'))).toBeLessThan(Number(limit));
  expect(response.headers.get('ratelimit-reset')).toMatch(/^\d+$/);
}

const verifyWith = (key: string) => call('/api/verify', { key, body: ROUTES[0].body });

const putLimit = async (client: ConsoleClient, body: unknown) =>
  readResponse(
    await client.fetch('/api/console/rate-limit', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    }),
  );

describe('rate-limit headers for a key without an override', () => {
  it.each(ROUTES)('$path answers 2xx with all three headers at the workspace default', async (route) => {
    const created = await newKey('verify,signals,ingest');
    const response = await call(route.path, { key: created.key, body: route.body });
    expect(response.status, response.text).toBeGreaterThanOrEqual(200);
    expect(response.status).toBeLessThan(300);
    expectRateLimitHeaders(response, DOCUMENTED_DEFAULT);
  });

  it('the demo key has a limit too', async () => {
    const response = await call('/api/signals', { body: ROUTES[1].body });
    // Known to the demo workspace or not (the other keys' workspaces above do not share), the
    // answer carries the limit.
    expect([200, 204], response.text).toContain(response.status);
    expect(Number(limitOf(response))).toBeGreaterThanOrEqual(1);
  });
});

describe("the workspace's default rate", () => {
  it('is changed by an admin in the console; keys without an override follow at once, overrides win', async () => {
    const admin = await newUser('admin');
    const plain = await newKey('verify', [], admin.workspace);
    const lower = await newKey('verify', ['--rate-limit', '3/s'], admin.workspace);
    const higher = await newKey('verify', ['--rate-limit', '20/s'], admin.workspace);
    expect(limitOf(await verifyWith(plain.key))).toBe(DOCUMENTED_DEFAULT);

    const client = await signedIn(admin);
    expect((await client.json('/api/console/rate-limit')).body).toEqual({ rateLimitPerSec: 100 });
    // The key list shows each key's own rate, null for the ones that follow the default.
    const own = Object.fromEntries(
      (await client.json('/api/console/keys')).body.keys.map(
        (k: { id: string; rateLimitPerSec: number | null }) => [k.id, k.rateLimitPerSec],
      ),
    );
    expect(own).toEqual({ [plain.id]: null, [lower.id]: 3, [higher.id]: 20 });
    const saved = await putLimit(client, { rateLimitPerSec: 7 });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ rateLimitPerSec: 7, previousRateLimitPerSec: 100, changed: true });
    expect((await client.json('/api/console/rate-limit')).body).toEqual({ rateLimitPerSec: 7 });

    expectRateLimitHeaders(await verifyWith(plain.key), '7');
    // A key created after the change has no override either.
    expectRateLimitHeaders(await verifyWith((await newKey('verify', [], admin.workspace)).key), '7');
    // The per-key override beats the default, above or below it.
    expectRateLimitHeaders(await verifyWith(lower.key), '3');
    expectRateLimitHeaders(await verifyWith(higher.key), '20');

    // A rotated key keeps its override.
    const rotated = await keysCli(['rotate', lower.id, '--grace', '1m']);
    expect(rotated.code, rotated.stderr).toBe(0);
    expectRateLimitHeaders(await verifyWith(JSON.parse(rotated.stdout).key), '3');

    const audit = await query<{ actor: string; target_id: string; metadata: unknown }>(
      "select actor, target_id, metadata from audit_log where workspace_id = $1 and action = 'workspace.rate_limit'",
      [admin.workspaceId],
    );
    expect(audit).toEqual([
      { actor: admin.id, target_id: admin.workspaceId, metadata: { from: 100, to: 7 } },
    ]);
  });

  it('is changed by the keys CLI, which also prints it', async () => {
    const created = await newKey('verify');
    const set = await keysCli(['workspace-limit', '--workspace', created.workspace, '--rate-limit', '300/m']);
    expect(set.code, set.stderr).toBe(0);
    expect(JSON.parse(set.stdout)).toEqual({ workspace: created.workspace, rateLimitPerSec: 5 });
    expectRateLimitHeaders(await verifyWith(created.key), '5');
    const shown = await keysCli(['workspace-limit', '--workspace', created.workspace]);
    expect(JSON.parse(shown.stdout)).toEqual({ workspace: created.workspace, rateLimitPerSec: 5 });

    const unknown = await keysCli([
      'workspace-limit',
      '--workspace',
      unique('nowhere'),
      '--rate-limit',
      '5/s',
    ]);
    expect(unknown.code).not.toBe(0);
    expect(JSON.parse(unknown.stderr)).toMatchObject({ error: 'NOT_FOUND' });
    const bad = await keysCli(['workspace-limit', '--workspace', created.workspace, '--rate-limit', '0/s']);
    expect(bad.code).not.toBe(0);
    expect(limitOf(await verifyWith(created.key))).toBe('5');
  });

  it("a key's own rate is changed or removed with keys limit, audited", async () => {
    const created = await newKey('verify', ['--rate-limit', '3/s']);
    expect(limitOf(await verifyWith(created.key))).toBe('3');
    const raised = await keysCli(['limit', created.id, '--rate-limit', '40/s']);
    expect(raised.code, raised.stderr).toBe(0);
    expect(JSON.parse(raised.stdout)).toEqual({ id: created.id, rateLimitPerSec: 40 });
    expectRateLimitHeaders(await verifyWith(created.key), '40');
    // `default`: no rate of its own any more, the workspace's default applies.
    const cleared = await keysCli(['limit', created.id, '--rate-limit', 'default']);
    expect(cleared.code, cleared.stderr).toBe(0);
    expect(JSON.parse(cleared.stdout)).toEqual({ id: created.id, rateLimitPerSec: null });
    expectRateLimitHeaders(await verifyWith(created.key), DOCUMENTED_DEFAULT);

    const audit = await query<{ actor: string; metadata: unknown }>(
      "select actor, metadata from audit_log where target_id = $1 and action = 'key.rate_limit' order by created_at",
      [created.id],
    );
    expect(audit).toEqual([
      { actor: 'cli', metadata: { from: 3, to: 40 } },
      { actor: 'cli', metadata: { from: 40, to: null } },
    ]);
    const missing = await keysCli(['limit', 'key_nope', '--rate-limit', '5/s']);
    expect(JSON.parse(missing.stderr)).toMatchObject({ error: 'NOT_FOUND' });
    expect((await keysCli(['limit', created.id])).code).toBe(2);
  });

  it('past the default, a key without an override gets 429 with Retry-After and the headers', async () => {
    const admin = await newUser('admin');
    const created = await newKey('verify', [], admin.workspace);
    const client = await signedIn(admin);
    expect((await putLimit(client, { rateLimitPerSec: 1 / 60 })).status).toBe(200);
    const first = await verifyWith(created.key);
    expect(first.status).toBe(201);
    expectRateLimitHeaders(first, '1');
    const second = await verifyWith(created.key);
    expectProblem(second, 429, 'RATE_LIMITED');
    expect(Number(second.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(second.headers.get('ratelimit-limit')).toBe('1');
    expect(second.headers.get('ratelimit-remaining')).toBe('0');
    expect(Number(second.headers.get('ratelimit-reset'))).toBeGreaterThan(0);
  });

  it('is for admins, and refuses a rate that is not a positive number, naming the field', async () => {
    expectProblem(await call('/api/console/rate-limit', { method: 'GET', key: null }), 401, 'UNAUTHORIZED');
    const analyst = await signedIn(await newUser('analyst'));
    expectProblem(await analyst.json('/api/console/rate-limit'), 403, 'FORBIDDEN');
    expectProblem(await putLimit(analyst, { rateLimitPerSec: 5 }), 403, 'FORBIDDEN');

    const admin = await newUser('admin');
    const client = await signedIn(admin);
    for (const body of [
      { rateLimitPerSec: 0 },
      { rateLimitPerSec: -3 },
      { rateLimitPerSec: '10' },
      { rateLimitPerSec: 1e9 },
      {},
    ]) {
      const refused = await putLimit(client, body);
      expectProblem(refused, 400, 'INVALID_INPUT');
      expect(refused.body.errors.map((e: { path: string }) => e.path)).toEqual(['rateLimitPerSec']);
    }
    const extra = await putLimit(client, { rateLimitPerSec: 5, burst: 10 });
    expectProblem(extra, 400, 'INVALID_INPUT');
    expect((await client.json('/api/console/rate-limit')).body).toEqual({ rateLimitPerSec: 100 });
  });
});

describe('setWorkspaceRateLimit (service, on the server database)', () => {
  afterAll(closeDb);

  it('changes the rate and writes its audit row in the same transaction; unknown workspaces change nothing', async () => {
    configureDatabase(connectionUrl());
    const created = await newKey('verify');
    const [workspace] = await query<{ id: string }>('select id from workspaces where name = $1', [
      created.workspace,
    ]);
    const workspaceId = workspace?.id ?? '';

    const changed = await setWorkspaceRateLimit(db(), { workspaceId, rateLimitPerSec: 12, actor: 'test' });
    expect(changed).toEqual({
      ok: true,
      value: { workspaceId, rateLimitPerSec: 12, previousRateLimitPerSec: 100, changed: true },
    });
    // Setting the same rate again changes nothing and records nothing.
    const same = await setWorkspaceRateLimit(db(), { workspaceId, rateLimitPerSec: 12, actor: 'test' });
    expect(same).toMatchObject({ ok: true, value: { changed: false } });
    const audit = await query<{ actor: string; target_id: string; metadata: unknown }>(
      "select actor, target_id, metadata from audit_log where workspace_id = $1 and action = 'workspace.rate_limit'",
      [workspaceId],
    );
    expect(audit).toEqual([{ actor: 'test', target_id: workspaceId, metadata: { from: 100, to: 12 } }]);
    expect(limitOf(await verifyWith(created.key))).toBe('12');

    const missing = await setWorkspaceRateLimit(db(), {
      workspaceId: 'ws_does_not_exist',
      rateLimitPerSec: 12,
      actor: 'test',
    });
    expect(missing).toEqual({ ok: false, reason: 'not_found' });
  });
});
