// Issue 34, the request log: a developer finds a failed call by the X-Request-Id its answer
// carried, with its status, operation, key and problem body, and nothing the request said about a
// person is stored anywhere in the row (checked in the table itself, not only in the console's
// answer). Another workspace sees none of it; retention deletes what is older than the setting.
import { beforeAll, describe, expect, it } from 'vitest';
import type { RequestLogPage, RequestLogRow } from '@/lib/contract/console/request-log';
import { pruneRequestLog } from '@/lib/services/request-log/retention';
import { type ConsoleClient, expectProblem, newUser, signedIn } from './console-session';
import { call, query, readResponse, serviceDb, unique, verify } from './support';

/** What the requests below say about a person: none of it may reach the log. */
const PERSONAL = ['jane.quixote', 'Janelle', 'Quixote', '555-0142', 'jane-not-an-ip', '1999-99-99'];

let admin: ConsoleClient;
let other: ConsoleClient;
let workspaceId: string;
let otherWorkspaceId: string;
let key: { id: string; key: string };
/** The key's display prefix: `vty_` and six more characters (docs/api/keys-and-auth.md). */
let prefix: string;

async function send(client: ConsoleClient, method: string, pathname: string, body?: unknown) {
  const response = await client.fetch(pathname, {
    method,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return readResponse(response);
}

async function log(client: ConsoleClient, params: Record<string, string>): Promise<RequestLogPage> {
  const response = await client.json(`/api/console/request-log?${new URLSearchParams(params)}`);
  expect(response.status, response.text).toBe(200);
  return response.body as RequestLogPage;
}

/** The stored row of a request id, every column, as text. */
async function storedRow(requestId: string): Promise<string[]> {
  const rows = await query<{ row: string }>(
    'select row_to_json(r)::text as row from api_requests r where request_id = $1',
    [requestId],
  );
  return rows.map((r) => r.row);
}

function expectNoPersonalData(text: string) {
  for (const value of PERSONAL) expect(text, `"${value}" must not be logged`).not.toContain(value);
}

beforeAll(async () => {
  const owner = await newUser('admin', unique('ws-request-log'));
  workspaceId = owner.workspaceId;
  admin = await signedIn(owner);
  const stranger = await newUser('admin', unique('ws-request-log-other'));
  otherWorkspaceId = stranger.workspaceId;
  other = await signedIn(stranger);
  const created = await admin.json('/api/console/keys', {
    name: 'integration',
    scopes: ['verify', 'signals'],
  });
  expect(created.status).toBe(201);
  key = created.body as typeof key;
  prefix = key.key.slice(0, 'vty_'.length + 6);
});

describe('the request log', () => {
  it('finds a 400 by its request id, with its problem body and no personal data', async () => {
    const answer = await verify(
      {
        emails: ['jane.quixote@example.com'],
        name: { given: 'Janelle', family: 'Quixote' },
        phones: [{ number: '+1 202 555-0142' }],
        ipAddress: 'jane-not-an-ip',
        birthday: '1999-99-99',
      },
      { key: key.key },
    );
    expectProblem(answer, 400, 'INVALID_INPUT');
    const requestId = answer.headers.get('x-request-id') ?? '';
    expect(requestId).not.toBe('');
    const answered = answer.body as { errors: { path: string }[] };
    expect(answered.errors.map((e) => e.path).sort()).toEqual(['birthday', 'ipAddress', 'phones.0']);

    const page = await log(admin, { requestId });
    expect(page.entries).toHaveLength(1);
    const [row] = page.entries as [RequestLogRow];
    expect(row).toMatchObject({
      requestId,
      operation: 'verify',
      method: 'POST',
      status: 400,
      keyId: key.id,
      keyName: 'integration',
      keyStart: prefix,
      problemCode: 'INVALID_INPUT',
      problem: { status: 400, code: 'INVALID_INPUT', title: expect.any(String), detail: expect.any(String) },
    });
    expect(row.latencyMs).toBeGreaterThanOrEqual(0);
    // The same errors the caller was answered: paths, codes and messages.
    expect(row.problem?.errors).toEqual(
      answered.errors.map(({ path, code, message }: { path: string; code?: string; message?: string }) => ({
        path,
        code,
        message,
      })),
    );
    expectNoPersonalData(JSON.stringify(page));
    const stored = await storedRow(requestId);
    expect(stored).toHaveLength(1);
    expectNoPersonalData(stored[0] ?? '');
  });

  it('keeps a malformed body out of the log even where the answer quotes it', async () => {
    const answer = await call('/api/verify', { key: key.key, rawBody: 'jane.quixote@example.com Janelle' });
    expectProblem(answer, 400, 'MALFORMED_JSON');
    // The caller is told what JSON.parse saw (their own data, back to them)...
    expect(answer.text).toContain('jane.quixo');
    const requestId = answer.headers.get('x-request-id') ?? '';
    const [row] = (await log(admin, { requestId })).entries;
    expect(row?.problemCode).toBe('MALFORMED_JSON');
    expect(row?.problem?.detail).toMatch(/^The request body is not valid JSON: /);
    // ...the log is not.
    expectNoPersonalData(JSON.stringify(row));
    expectNoPersonalData((await storedRow(requestId)).join('\n'));
  });

  it('searches by status, class, key, operation and time, newest first, in pages', async () => {
    // The newest call so far (the malformed one): `to` includes it, `from` a millisecond on does not.
    const [newest] = (await log(admin, {})).entries;
    const last = newest?.createdAt ?? '';
    const after = new Date(Date.parse(last) + 1).toISOString();
    const ok = await verify({ emails: [`request-log.${Date.now()}@example.com`] }, { key: key.key });
    expect(ok.status).toBe(201);
    const okId = ok.headers.get('x-request-id') ?? '';
    const sig = await call('/api/signals', { key: key.key, body: {} });
    expect(sig.status).toBe(400);

    const all = await log(admin, { keyId: key.id });
    expect(all.entries.map((e) => e.status)).toEqual([400, 201, 400, 400]);
    expect(all.retentionDays).toBe(30);
    const success = all.entries.find((e) => e.requestId === okId);
    expect(success).toMatchObject({ status: 201, operation: 'verify', problemCode: null, problem: null });

    expect((await log(admin, { status: '2xx' })).entries.map((e) => e.requestId)).toEqual([okId]);
    expect((await log(admin, { status: '400' })).entries).toHaveLength(3);
    expect((await log(admin, { status: '5xx' })).entries).toHaveLength(0);
    expect((await log(admin, { operation: 'signals' })).entries.map((e) => e.status)).toEqual([400]);
    expect((await log(admin, { from: after })).entries).toHaveLength(2);
    expect((await log(admin, { to: last })).entries).toHaveLength(2);
    expect((await log(admin, { keyId: 'key_1111111111111111111111' })).entries).toHaveLength(0);

    // Pages of one: every row once, in the same order.
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const next: RequestLogPage = await log(admin, { limit: '1', ...(cursor ? { cursor } : {}) });
      seen.push(...next.entries.map((e) => e.id));
      cursor = next.nextCursor;
    } while (cursor);
    expect(seen).toEqual(all.entries.map((e) => e.id));
  });

  it('is not logged when the key is unknown: no workspace to file it under', async () => {
    const refused = await call('/api/verify', { key: 'vty_unknown', body: { emails: ['x@example.com'] } });
    expect(refused.status).toBe(401);
    await log(admin, {});
    expect(await storedRow(refused.headers.get('x-request-id') ?? '')).toEqual([]);
  });

  it('logs a known key called outside its scopes, under its workspace', async () => {
    const created = await admin.json('/api/console/keys', { name: 'signals only', scopes: ['signals'] });
    expect(created.status).toBe(201);
    const refused = await verify({ emails: ['x@example.com'] }, { key: created.body.key });
    expectProblem(refused, 403, 'FORBIDDEN');
    const requestId = refused.headers.get('x-request-id') ?? '';
    const page = await log(admin, { requestId });
    expect(page.entries).toEqual([
      expect.objectContaining({
        requestId,
        operation: 'verify',
        status: 403,
        keyId: created.body.id,
        problemCode: 'FORBIDDEN',
      }),
    ]);
  });

  it('shows another workspace none of it', async () => {
    const [row] = (await log(admin, { status: '400' })).entries;
    expect(row).toBeDefined();
    expect((await log(other, { requestId: row?.requestId ?? '' })).entries).toEqual([]);
    expect((await log(other, {})).entries).toEqual([]);
    // A cursor of this workspace's rows opens nothing there.
    expect((await log(other, { cursor: row?.id ?? '' })).entries).toEqual([]);
  });

  it('refuses bad filters with a 400 naming the field', async () => {
    for (const [name, value] of [
      ['status', '4x'],
      ['operation', 'deleteEverything'],
      ['from', 'yesterday'],
      ['cursor', 'abc'],
    ] as const) {
      const response = await admin.json(`/api/console/request-log?${name}=${value}`);
      expectProblem(response, 400, 'INVALID_INPUT');
      expect((response.body as { errors: { path: string }[] }).errors[0]?.path).toBe(name);
    }
  });

  it('keeps calls for the workspace setting, audited, and deletes older ones', async () => {
    expect((await send(admin, 'GET', '/api/console/request-log/settings')).body).toEqual({ days: 30 });
    expectProblem(
      await send(admin, 'PUT', '/api/console/request-log/settings', { days: 0 }),
      400,
      'INVALID_INPUT',
    );
    expectProblem(
      await send(admin, 'PUT', '/api/console/request-log/settings', { days: 91 }),
      400,
      'INVALID_INPUT',
    );
    const saved = await send(admin, 'PUT', '/api/console/request-log/settings', { days: 7 });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ days: 7, previousDays: 30, changed: true });
    const audit = await query<{ metadata: unknown }>(
      `select metadata from audit_log where workspace_id = $1 and action = 'workspace.request_log_days'`,
      [workspaceId],
    );
    expect(audit.map((a) => a.metadata)).toEqual([{ from: 30, to: 7 }]);

    // Two calls of this workspace made 8 and 6 days ago, and one of the other workspace 8 days ago.
    const insert = (ws: string, requestId: string, daysAgo: number) =>
      query(
        `insert into api_requests (workspace_id, created_at, request_id, operation, method, status, latency_ms, key_id)
         values ($1, now() - make_interval(days => $2), $3, 'verify', 'POST', 201, 3, $4)`,
        [ws, daysAgo, requestId, key.id],
      );
    const oldId = unique('req-old');
    const recentId = unique('req-recent');
    const othersId = unique('req-others');
    await insert(workspaceId, oldId, 8);
    await insert(workspaceId, recentId, 6);
    await insert(otherWorkspaceId, othersId, 8);

    expect(await pruneRequestLog(serviceDb(), new Date())).toBeGreaterThanOrEqual(1);
    expect(await storedRow(oldId)).toEqual([]);
    expect(await storedRow(recentId)).toHaveLength(1);
    // The other workspace keeps its 30 days.
    expect(await storedRow(othersId)).toHaveLength(1);
    expect((await log(admin, { requestId: recentId })).retentionDays).toBe(7);
  });
});
