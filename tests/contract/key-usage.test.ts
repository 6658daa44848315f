// Issue 14, usage: a known number of calls with known answers, made with two keys of a trial
// workspace, and the console's usage and key list report exactly those numbers per key, endpoint
// and status class (the usage read flushes the server's pending counters first: no waiting).
import { beforeAll, describe, expect, it } from 'vitest';
import { type ConsoleClient, expectProblem, newUser, signedIn } from './console-session';
import { call, keysCli, query, signals, unique, verify } from './support';

interface Issued {
  id: string;
  key: string;
}

let client: ConsoleClient;
let workspaceId: string;
let plain: Issued;
let throttled: Issued;
let unused: Issued;

const usage = async (params = '') => {
  const response = await client.json(`/api/console/usage${params}`);
  expect(response.status).toBe(200);
  return response.body as {
    days: { day: string; '2xx': number; '4xx': number; '429': number; '5xx': number }[];
    totals: Record<string, number>;
    keys: { id: string; requests: number }[];
    endpoints: { endpoint: string; requests: number }[];
    quota: { trialQuota: number | null; verifyUsed: number };
  };
};

beforeAll(async () => {
  const workspace = unique('ws-usage');
  // A trial workspace (quota 10) with a key made by the CLI, then its admin.
  const cliKey = await keysCli([
    'create',
    '--workspace',
    workspace,
    '--scopes',
    'verify',
    '--trial-quota',
    '10',
  ]);
  expect(cliKey.code, cliKey.stderr).toBe(0);
  unused = JSON.parse(cliKey.stdout) as Issued;
  const admin = await newUser('admin', workspace);
  workspaceId = admin.workspaceId;
  client = await signedIn(admin);
  const created = await client.json('/api/console/keys', { name: 'plain', scopes: ['verify', 'signals'] });
  expect(created.status).toBe(201);
  plain = created.body as Issued;
  // One request a thousand seconds: the first call passes, the next ones are 429.
  const slow = await client.json('/api/console/keys', {
    name: 'throttled',
    scopes: ['verify'],
    rateLimitPerSec: 0.001,
  });
  expect(slow.status).toBe(201);
  expect(slow.body).toMatchObject({ rateLimitPerSec: 0.001, expiresAt: null });
  throttled = slow.body as Issued;

  const statuses: number[] = [];
  for (let i = 0; i < 3; i++)
    statuses.push((await verify({ emails: [`usage.${i}@example.com`] }, { key: plain.key })).status);
  // No minimum identifier: 400, twice.
  for (let i = 0; i < 2; i++) statuses.push((await verify({}, { key: plain.key })).status);
  statuses.push((await signals({ emails: ['usage.signals@example.com'] }, { key: plain.key })).status);
  for (let i = 0; i < 3; i++)
    statuses.push((await verify({ emails: ['usage.slow@example.com'] }, { key: throttled.key })).status);
  // Not a key of anyone: counted nowhere.
  statuses.push(
    (await call('/api/verify', { key: 'vty_unknown', body: { emails: ['x@example.com'] } })).status,
  );
  expect(statuses.map((s) => (s === 204 ? 200 : s))).toEqual([
    201, 201, 201, 400, 400, 200, 201, 429, 429, 401,
  ]);
});

describe('usage after a known number of calls', () => {
  it('reports exactly the calls per status class, over the workspace and per key and endpoint', async () => {
    const all = await usage();
    expect(all.totals).toEqual({ '2xx': 5, '4xx': 2, '429': 2, '5xx': 0 });
    // The days add up to the totals (the calls were made today, UTC: the last day holds them).
    const summed = { '2xx': 0, '4xx': 0, '429': 0, '5xx': 0 };
    for (const day of all.days) for (const c of ['2xx', '4xx', '429', '5xx'] as const) summed[c] += day[c];
    expect(summed).toEqual(all.totals);
    expect(all.days).toHaveLength(30);
    expect(all.days.at(-1)?.day).toBe(new Date().toISOString().slice(0, 10));
    expect(all.keys).toEqual([
      expect.objectContaining({ id: plain.id, requests: 6 }),
      expect.objectContaining({ id: throttled.id, requests: 3 }),
      expect.objectContaining({ id: unused.id, requests: 0 }),
    ]);
    expect(all.endpoints).toEqual([
      { endpoint: 'verify', requests: 8 },
      { endpoint: 'signals', requests: 1 },
    ]);

    expect((await usage(`?key=${plain.id}`)).totals).toEqual({ '2xx': 4, '4xx': 2, '429': 0, '5xx': 0 });
    expect((await usage(`?key=${plain.id}&endpoint=verify`)).totals).toEqual({
      '2xx': 3,
      '4xx': 2,
      '429': 0,
      '5xx': 0,
    });
    expect((await usage(`?key=${throttled.id}`)).totals).toEqual({ '2xx': 1, '4xx': 0, '429': 2, '5xx': 0 });
    expect((await usage('?endpoint=signals')).totals).toEqual({ '2xx': 1, '4xx': 0, '429': 0, '5xx': 0 });
  });

  it('shows the Verify calls used against the trial quota', async () => {
    expect((await usage()).quota).toEqual({ trialQuota: 10, verifyUsed: 4 });
  });

  it('stores aggregated rows, not a row per request', async () => {
    const rows = await query<{ key_id: string; endpoint: string; status_class: string; requests: number }>(
      'select key_id, endpoint, status_class, requests from key_usage_hourly where workspace_id = $1 order by requests desc, key_id, endpoint, status_class',
      [workspaceId],
    );
    expect(rows.reduce((sum, r) => sum + r.requests, 0)).toBe(9);
    // One row per key, endpoint and class (an hour boundary mid-test would split one in two).
    expect(rows.length).toBeLessThanOrEqual(5 * 2);
    expect(rows.length).toBeGreaterThanOrEqual(5);
  });

  it('the key list shows last used and the requests of the last 24 hours and 30 days', async () => {
    const listed = await client.json('/api/console/keys');
    expect(listed.status).toBe(200);
    const byId = new Map(
      (
        listed.body.keys as {
          id: string;
          lastUsedAt: string | null;
          requests24h: number;
          requests30d: number;
        }[]
      ).map((k) => [k.id, k]),
    );
    expect(byId.get(plain.id)).toMatchObject({
      requests24h: 6,
      requests30d: 6,
      lastUsedAt: expect.any(String),
    });
    expect(byId.get(throttled.id)).toMatchObject({ requests24h: 3, requests30d: 3 });
    expect(byId.get(unused.id)).toMatchObject({ requests24h: 0, requests30d: 0, lastUsedAt: null });
    const lastUsed = Date.parse(byId.get(plain.id)?.lastUsedAt ?? '');
    expect(Date.now() - lastUsed).toBeLessThan(10 * 60_000);
  });

  it('refuses an unknown filter with a 400 problem, and analysts', async () => {
    expectProblem(await client.json('/api/console/usage?color=red'), 400, 'INVALID_INPUT');
    const analyst = await signedIn(await newUser('analyst'));
    expectProblem(await analyst.json('/api/console/usage'), 403, 'FORBIDDEN');
  });

  it('edits a key through PATCH: scopes apply to the next call, and the edit is audited', async () => {
    const response = await client.fetch(`/api/console/keys/${plain.id}`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ scopes: ['verify'], name: '' }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      id: plain.id,
      name: null,
      scopes: ['verify'],
      rateLimitPerSec: null,
      changed: ['name', 'scopes'],
    });
    // Announced to the server's key cache at commit; within a second at worst (its freshness bound).
    let status = 0;
    for (let tries = 0; tries < 40 && status !== 403; tries++) {
      if (tries > 0) await new Promise((r) => setTimeout(r, 50));
      status = (await signals({ emails: ['usage.after@example.com'] }, { key: plain.key })).status;
    }
    expect(status).toBe(403);
    const audit = await query<{ action: string }>(
      "select action from audit_log where target_id = $1 and action = 'key.update'",
      [plain.id],
    );
    expect(audit).toHaveLength(1);
    const bad = await client.fetch(`/api/console/keys/${plain.id}`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ scopes: [] }),
    });
    expect(bad.status).toBe(400);
  });
});
