// Issue 14 over HTTP: an admin adds an analyst from the console (the one-time password signs in),
// the analyst cannot reach the admin routes, a removed member's very next console call is refused,
// and every change is in the audit log with the X-Request-Id of the call that made it: listed
// newest first, filtered, paged by cursor and exported as CSV.
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { AuditRow as AuditRowBody } from '@/lib/contract/console/audit';
import { type ConsoleClient, expectProblem, newUser, signedIn } from './console-session';
import { query, readResponse, unique } from './support';

/** A console write as the browser sends it (same origin), with a request id of our choosing. */
async function send(client: ConsoleClient, method: string, pathname: string, body?: unknown) {
  const requestId = unique('req-test');
  const response = await client.fetch(pathname, {
    method,
    headers: {
      'X-Request-Id': requestId,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { requestId, ...(await readResponse(response)) };
}

describe('members from the console', () => {
  it('an admin adds an analyst, who signs in, cannot open Admin, and is refused at once once removed', async () => {
    const admin = await newUser('admin');
    const adminClient = await signedIn(admin);
    const email = `${unique('analyst')}@example.com`;

    const added = await send(adminClient, 'POST', '/api/console/members', { email, role: 'analyst' });
    expect(added.status).toBe(201);
    const member = added.body as { userId: string; email: string; role: string; password: string };
    expect(member).toMatchObject({ email, role: 'analyst', password: expect.stringMatching(/^\S{16,}$/) });
    // Shown once: the list never carries a password.
    const listed = await adminClient.json('/api/console/members');
    expect(listed.status).toBe(200);
    expect(JSON.stringify(listed.body)).not.toContain(member.password);
    expect((listed.body as { members: { email: string; role: string }[] }).members).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ email: admin.email, role: 'admin' }),
        expect.objectContaining({ email, role: 'analyst' }),
      ]),
    );

    const analyst = await signedIn({ email, password: member.password });
    expect((await analyst.json('/api/console/me')).body).toMatchObject({ role: 'analyst' });
    for (const path of ['/api/console/members', '/api/console/audit', '/api/console/trial-quota']) {
      expectProblem(await analyst.json(path), 403, 'FORBIDDEN');
    }
    expectProblem(
      await send(analyst, 'POST', '/api/console/members', { email: 'x@example.com', role: 'admin' }),
      403,
      'FORBIDDEN',
    );

    const removed = await send(adminClient, 'DELETE', `/api/console/members/${member.userId}`);
    expect(removed.status).toBe(200);
    // The analyst's cookie is still valid, but the membership is gone: the next call is refused.
    expectProblem(await analyst.json('/api/console/me'), 401, 'UNAUTHORIZED');

    const audit = await query<{ action: string; request_id: string; target_id: string }>(
      "select action, request_id, target_id from audit_log where workspace_id = $1 and action like 'member.%' order by created_at, id",
      [admin.workspaceId],
    );
    expect(audit).toEqual([
      { action: 'member.add', request_id: added.requestId, target_id: member.userId },
      { action: 'member.remove', request_id: removed.requestId, target_id: member.userId },
    ]);
  });

  it('role changes apply to the next call; the last admin is refused with 409 under role', async () => {
    const admin = await newUser('admin');
    const adminClient = await signedIn(admin);
    const email = `${unique('promoted')}@example.com`;
    const added = await send(adminClient, 'POST', '/api/console/members', { email, role: 'analyst' });
    const member = added.body as { userId: string; password: string };
    const other = await signedIn({ email, password: member.password });
    expectProblem(await other.json('/api/console/members'), 403, 'FORBIDDEN');

    const promoted = await send(adminClient, 'PATCH', `/api/console/members/${member.userId}`, {
      role: 'admin',
    });
    expect(promoted.body).toMatchObject({ role: 'admin', previousRole: 'analyst', changed: true });
    expect((await other.json('/api/console/members')).status).toBe(200);

    // The promoted member demotes the original admin, then cannot demote or remove themselves.
    const demoted = await send(other, 'PATCH', `/api/console/members/${admin.id}`, { role: 'analyst' });
    expect(demoted.status).toBe(200);
    for (const refused of [
      await send(other, 'PATCH', `/api/console/members/${member.userId}`, { role: 'analyst' }),
      await send(other, 'DELETE', `/api/console/members/${member.userId}`),
    ]) {
      expectProblem(refused, 409, 'INVALID_INPUT');
      expect(refused.body).toMatchObject({ errors: [expect.objectContaining({ path: 'role' })] });
    }
    expectProblem(await adminClient.json('/api/console/members'), 403, 'FORBIDDEN');

    expectProblem(
      await send(other, 'PATCH', `/api/console/members/usr_nobody`, { role: 'admin' }),
      404,
      'NOT_FOUND',
    );
    const bad = await send(other, 'POST', '/api/console/members', { email: 'not-an-email', role: 'owner' });
    expectProblem(bad, 400, 'INVALID_INPUT');
    expect((bad.body as { errors: { path: string }[] }).errors.map((e) => e.path).sort()).toEqual([
      'email',
      'role',
    ]);
    const twice = await send(other, 'POST', '/api/console/members', { email: admin.email, role: 'admin' });
    expectProblem(twice, 409, 'INVALID_INPUT');
  });
});

describe('the audit log from the console', () => {
  it('lists each change newest first with its request id, filters by actor, action and date, and pages by cursor', async () => {
    const admin = await newUser('admin');
    const client = await signedIn(admin);
    const calls = [
      await send(client, 'PUT', '/api/console/rate-limit', { rateLimitPerSec: 42 }),
      await send(client, 'PUT', '/api/console/trial-quota', { trialQuota: 1000 }),
      await send(client, 'PUT', '/api/console/graph-sharing', { shareGraph: true }),
      await send(client, 'POST', '/api/console/members', {
        email: `${unique('a')}@example.com`,
        role: 'analyst',
      }),
      await send(client, 'POST', '/api/console/keys', { name: 'audited', scopes: ['verify'] }),
    ];
    for (const call of calls) expect(call.status, JSON.stringify(call.body)).toBeLessThan(300);
    const expected = [
      'workspace.rate_limit',
      'workspace.trial_quota',
      'workspace.share_graph',
      'member.add',
      'key.create',
    ];

    const all = await client.json('/api/console/audit');
    expect(all.status).toBe(200);
    const entries = (all.body as { entries: AuditRowBody[] }).entries.filter((e) => e.actor === admin.id);
    expect(entries.map((e) => [e.action, e.requestId])).toEqual(
      expected.map((action, i) => [action, calls[i]?.requestId]).reverse(),
    );
    expect(entries[0]).toMatchObject({ actorEmail: admin.email });
    expect(entries.find((e) => e.action === 'workspace.trial_quota')?.metadata).toEqual({
      from: null,
      to: 1000,
    });

    const byAction = await client.json('/api/console/audit?action=member.add');
    expect((byAction.body as { entries: AuditRowBody[] }).entries.map((e) => e.action)).toEqual([
      'member.add',
    ]);
    const byActor = await client.json(`/api/console/audit?actor=cli`);
    // The CLI created the workspace and its first admin: those are the only rows by `cli`.
    expect((byActor.body as { entries: AuditRowBody[] }).entries.map((e) => e.action).sort()).toEqual([
      'user.create',
      'workspace.create',
    ]);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const within = await client.json(`/api/console/audit?from=${yesterday}&to=${tomorrow}`);
    expect((within.body as { entries: unknown[] }).entries).toHaveLength(7);
    const before = await client.json(`/api/console/audit?to=${yesterday}`);
    expect(before.body).toEqual({ entries: [], nextCursor: null });

    // Paging two at a time visits every row exactly once, in the same order as one page.
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await client.json(`/api/console/audit?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      const body = page.body as { entries: AuditRowBody[]; nextCursor: string | null };
      expect(body.entries.length).toBeLessThanOrEqual(2);
      seen.push(...body.entries.map((e) => e.id));
      cursor = body.nextCursor;
    } while (cursor);
    expect(seen).toEqual((all.body as { entries: AuditRowBody[] }).entries.map((e) => e.id));

    const bad = await client.json('/api/console/audit?from=2026-13-01&to=yesterday&limit=0&extra=1');
    expectProblem(bad, 400, 'INVALID_INPUT');
    expect((bad.body as { errors: { path: string }[] }).errors.map((e) => e.path).sort()).toEqual(
      ['', 'from', 'limit', 'to'].sort(),
    );
  });

  it('pages rows of one instant by id, and never shows another workspace rows', async () => {
    const admin = await newUser('admin');
    const other = await newUser('admin');
    const client = await signedIn(admin);
    const at = '2026-01-15T12:00:00.123456Z';
    const ids = ['aud_t_a', 'aud_t_b', 'aud_t_c', 'aud_t_d', 'aud_t_e'].map((id) => `${id}_${unique('x')}`);
    for (const id of ids) {
      await query(
        "insert into audit_log (id, workspace_id, actor, action, created_at) values ($1, $2, 'cli', 'test.same_instant', $3)",
        [id, admin.workspaceId, at],
      );
    }
    await query(
      "insert into audit_log (id, workspace_id, actor, action, created_at) values ($1, $2, 'cli', 'test.same_instant', $3)",
      [`aud_t_other_${unique('x')}`, other.workspaceId, at],
    );
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await client.json(
        `/api/console/audit?action=test.same_instant&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      const body = page.body as { entries: AuditRowBody[]; nextCursor: string | null };
      seen.push(...body.entries.map((e) => e.id));
      cursor = body.nextCursor;
    } while (cursor);
    expect(seen).toEqual([...ids].sort().reverse());
    const day = await client.json(
      '/api/console/audit?action=test.same_instant&from=2026-01-15&to=2026-01-15',
    );
    expect((day.body as { entries: unknown[] }).entries).toHaveLength(5);
    const next = await client.json('/api/console/audit?action=test.same_instant&from=2026-01-16');
    expect((next.body as { entries: unknown[] }).entries).toHaveLength(0);
    // Another workspace's row as a cursor reveals nothing.
    const [foreign] = await query<{ id: string }>(
      'select id from audit_log where workspace_id = $1 limit 1',
      [other.workspaceId],
    );
    const probe = await client.json(`/api/console/audit?cursor=${foreign?.id}`);
    expect(probe.body).toEqual({ entries: [], nextCursor: null });
  });

  it('exports the filtered rows as CSV, quoted so that commas, quotes and formulas stay data', async () => {
    const admin = await newUser('admin');
    const client = await signedIn(admin);
    const tricky = '+HYPERLINK("http://x", "a,b")';
    await query(
      "insert into audit_log (id, workspace_id, actor, action, target_id, metadata) values ($1, $2, $3, 'test.export', $4, $5)",
      [
        `aud_csv_${unique('x')}`,
        admin.workspaceId,
        tricky,
        'line\nbreak',
        JSON.stringify({ note: 'say "hi", =1+1' }),
      ],
    );
    const response = await client.fetch('/api/console/audit/export?action=test.export');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="audit-[\w-]+-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const parsed = Papa.parse<string[]>(await response.text(), { skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    expect(parsed.data[0]).toEqual([
      'time',
      'actor',
      'actor_email',
      'action',
      'target',
      'request_id',
      'details',
    ]);
    expect(parsed.data).toHaveLength(2);
    const row = parsed.data[1] ?? [];
    // A leading quote keeps spreadsheets from running the actor as a formula.
    expect(row.slice(1)).toEqual([
      `'${tricky}`,
      '',
      'test.export',
      'line\nbreak',
      '',
      '{"note":"say \\"hi\\", =1+1"}',
    ]);
    expect(Number.isNaN(Date.parse(row[0] ?? ''))).toBe(false);

    const all = await client.fetch('/api/console/audit/export');
    const rows = Papa.parse<string[]>(await all.text(), { skipEmptyLines: true }).data;
    // Newest first; the CLI's two rows share their transaction's instant.
    const actions = rows.slice(1).map((r) => r[3]);
    expect(actions[0]).toBe('test.export');
    expect(actions.slice(1).sort()).toEqual(['user.create', 'workspace.create']);
  });
});
