// Issue 15, the analyst's workflow: decisions on sessions (reasons from the workspace's list, a
// free note, append-only history, audited in the same transaction), the latest decision on the
// public GET /api/sessions/{id} (scope verify), the review queue and claiming, and workspace
// isolation: another workspace's session answers exactly as a missing one.
import { drizzle } from 'drizzle-orm/node-postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { createPool } from '@/lib/db/client';
import * as schema from '@/lib/db/schema';
import { claimSession } from '@/lib/services/decisions/queue';
import { decisionHistory, recordDecision } from '@/lib/services/decisions/record';
import { type ConsoleClient, expectProblem, newUser, signedIn } from './console-session';
import { type ApiResponse, appConnectionUrl, call, newKey, query, readResponse, verify } from './support';

const pool = createPool(appConnectionUrl(), 4);
const db = drizzle({ client: pool, schema });
afterAll(() => pool.end());

// The defaults the issue names, written out independently of the code.
const DEFAULT_REASONS = [
  { decision: 'approve', label: 'Verified identity' },
  { decision: 'review', label: 'Needs documents' },
  { decision: 'decline', label: 'Synthetic identity' },
  { decision: 'decline', label: 'Stolen identity' },
  { decision: 'decline', label: 'Sanctions match' },
];

/** A workspace with an analyst signed in to it and a verify key of the same workspace. */
async function workspace(role: 'admin' | 'analyst' = 'analyst') {
  const user = await newUser(role);
  const client = await signedIn(user);
  const key = await newKey('verify', [], user.workspace);
  return { user, client, key: key.key, ctx: { workspaceId: user.workspaceId, actor: user.id } };
}

async function newSession(key: string, email: string, risk?: number): Promise<string> {
  const response = await verify({ emails: [email] }, { key });
  expect(response.status).toBe(201);
  const id: string = response.body.sessionId;
  // The band is the test's choice: the stored risk is set where the queue reads it.
  if (risk !== undefined) await query('update sessions set last_risk = $2 where id = $1', [id, risk]);
  return id;
}

const decide = (client: ConsoleClient, id: string, body: unknown) =>
  client.json(`/api/console/sessions/${id}/decisions`, body);

const getSession = (id: string, key: string | null) => call(`/api/sessions/${id}`, { method: 'GET', key });

/** An answer with its per-request parts taken out, to compare two answers whole. */
const comparable = (response: ApiResponse) => ({
  status: response.status,
  type: response.headers.get('content-type'),
  body: { ...response.body, requestId: undefined },
});

describe('decisions on sessions', () => {
  it('records a decision with a reason and a note, shows the history and answers it on GET /api/sessions/{id}', async () => {
    const { client, key, user } = await workspace();
    const id = await newSession(key, 'decide.one@example.com');

    const before = await getSession(id, key);
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({ sessionId: id, calls: 1, decision: null });

    const reasons = await client.json('/api/console/decision-reasons');
    expect(reasons.status).toBe(200);
    expect(reasons.body.reasons).toEqual(DEFAULT_REASONS);

    const review = await decide(client, id, { decision: 'review', reason: 'Needs documents' });
    expect(review.status, review.text).toBe(201);
    const decline = await decide(client, id, {
      decision: 'decline',
      reason: 'Synthetic identity',
      note: 'SSN issued after the birth year.\nTwo birthdays in the session.',
    });
    expect(decline.status, decline.text).toBe(201);
    expect(decline.body).toMatchObject({
      id: expect.stringMatching(/^dec_[1-9A-HJ-NP-Za-km-z]{22}$/),
      decision: 'decline',
      reason: 'Synthetic identity',
      note: 'SSN issued after the birth year.\nTwo birthdays in the session.',
      actor: { id: user.id, email: user.email },
      requestId: decline.headers.get('x-request-id'),
    });

    const history = await client.json(`/api/console/sessions/${id}/decisions`);
    expect(history.status).toBe(200);
    expect(history.body.decisions.map((d: { decision: string }) => d.decision)).toEqual([
      'decline',
      'review',
    ]);
    expect(history.body.decisions[1]).toMatchObject({ reason: 'Needs documents', note: null });

    const after = await getSession(id, key);
    expect(after.status).toBe(200);
    expect(after.headers.get('ratelimit-limit')).toBeTruthy();
    expect(after.body.decision).toEqual({
      id: decline.body.id,
      decision: 'decline',
      reason: 'Synthetic identity',
      decidedAt: decline.body.createdAt,
    });
    // The note and the analyst stay in the console.
    expect(after.text).not.toContain('SSN issued');
    expect(after.text).not.toContain(user.email);
  });

  it('refuses a reason outside the list and a note with control characters, naming the field; stores nothing', async () => {
    const { client, key } = await workspace();
    const id = await newSession(key, 'decide.bad@example.com');
    const wrongList = await decide(client, id, { decision: 'approve', reason: 'Synthetic identity' });
    expectProblem(wrongList, 400, 'INVALID_INPUT');
    expect(wrongList.body.errors.map((e: { path: string }) => e.path)).toEqual(['reason']);
    const control = await decide(client, id, {
      decision: 'approve',
      reason: 'Verified identity',
      note: 'ok\u0007',
    });
    expectProblem(control, 400, 'INVALID_INPUT');
    expect(control.body.errors.map((e: { path: string }) => e.path)).toEqual(['note']);
    const long = await decide(client, id, {
      decision: 'approve',
      reason: 'Verified identity',
      note: 'x'.repeat(2001),
    });
    expect(long.body.errors.map((e: { path: string }) => e.path)).toEqual(['note']);
    const unknown = await decide(client, id, { decision: 'maybe', reason: 'Verified identity' });
    expect(unknown.body.errors.map((e: { path: string }) => e.path)).toEqual(['decision']);
    expect(await query('select id from session_decisions where session_id = $1', [id])).toEqual([]);
    expect(
      await query("select id from audit_log where target_id = $1 and action = 'session.decide'", [id]),
    ).toEqual([]);
  });

  it("another workspace's session answers exactly as a missing one, on the console and the API", async () => {
    const mine = await workspace();
    const theirs = await workspace();
    const theirId = await newSession(theirs.key, 'decide.theirs@example.com');
    const missing = 'ses_1111111111111111111111';

    for (const [path, body] of [
      [`/api/console/sessions/{id}/decisions`, undefined],
      [`/api/console/sessions/{id}/decisions`, { decision: 'approve', reason: 'Verified identity' }],
    ] as const) {
      const other = await mine.client.json(path.replace('{id}', theirId), body);
      const none = await mine.client.json(path.replace('{id}', missing), body);
      expectProblem(other, 404, 'NOT_FOUND');
      expect(comparable(other)).toEqual(comparable(none));
    }
    const claimOther = await readResponse(
      await mine.client.fetch(`/api/console/sessions/${theirId}/claim`, { method: 'POST' }),
    );
    const claimNone = await readResponse(
      await mine.client.fetch(`/api/console/sessions/${missing}/claim`, { method: 'POST' }),
    );
    expectProblem(claimOther, 404, 'NOT_FOUND');
    expect(comparable(claimOther)).toEqual(comparable(claimNone));

    const apiOther = await getSession(theirId, mine.key);
    const apiNone = await getSession(missing, mine.key);
    expectProblem(apiOther, 404, 'UNKNOWN_SESSION');
    expect(comparable(apiOther)).toEqual(comparable(apiNone));
    expectProblem(await getSession('not-a-session', mine.key), 404, 'UNKNOWN_SESSION');

    // The services themselves: not found, and nothing written to the other workspace's session.
    expect(
      await recordDecision(db, mine.ctx, {
        sessionId: theirId,
        decision: 'approve',
        reason: 'Verified identity',
        requestId: 'req_test',
      }),
    ).toEqual({ ok: false, reason: 'not_found' });
    expect(await decisionHistory(db, mine.ctx, theirId)).toBeNull();
    expect(await claimSession(db, mine.ctx, theirId)).toEqual({ ok: false, reason: 'not_found' });
    expect(await query('select decision, assigned_to from sessions where id = $1', [theirId])).toEqual([
      { decision: null, assigned_to: null },
    ]);
    expect(await query('select id from session_decisions where session_id = $1', [theirId])).toEqual([]);
  });

  it('GET /api/sessions/{id} needs a key with the verify scope', async () => {
    const { key, user } = await workspace();
    const id = await newSession(key, 'decide.scope@example.com');
    expectProblem(await getSession(id, null), 401, 'UNAUTHORIZED');
    const signalsOnly = await newKey('signals', [], user.workspace);
    expectProblem(await getSession(id, signalsOnly.key), 403, 'FORBIDDEN');
  });

  it('keeps decisions append-only: no update or delete route, and the database refuses UPDATE and DELETE', async () => {
    const { client, key, ctx } = await workspace();
    const id = await newSession(key, 'decide.append@example.com');
    const made = await decide(client, id, {
      decision: 'approve',
      reason: 'Verified identity',
      note: 'first',
    });
    expect(made.status).toBe(201);
    for (const method of ['PUT', 'PATCH', 'DELETE']) {
      const response = await readResponse(
        await client.fetch(`/api/console/sessions/${id}/decisions`, { method }),
      );
      expectProblem(response, 405, 'METHOD_NOT_ALLOWED');
    }
    // Not even the application's own database role can rewrite or remove one.
    const appClient = await pool.connect();
    try {
      await expect(
        appClient.query("update session_decisions set note = 'rewritten' where id = $1", [made.body.id]),
      ).rejects.toThrow(/append-only/);
      await expect(
        appClient.query('delete from session_decisions where id = $1', [made.body.id]),
      ).rejects.toThrow(/append-only/);
    } finally {
      appClient.release();
    }
    expect(await query('select note from session_decisions where id = $1', [made.body.id])).toEqual([
      { note: 'first' },
    ]);
    expect((await decisionHistory(db, ctx, id))?.map((d) => d.note)).toEqual(['first']);
    // Erasing the session (data-subject deletion) takes its decisions with it.
    await query('delete from sessions where id = $1', [id]);
    expect(await query('select id from session_decisions where id = $1', [made.body.id])).toEqual([]);
  });

  it('writes the audit row in the same transaction as the decision', async () => {
    const { client, key, user } = await workspace();
    const id = await newSession(key, 'decide.audit@example.com');
    const made = await decide(client, id, {
      decision: 'review',
      reason: 'Needs documents',
      note: 'call back',
    });
    expect(made.status).toBe(201);
    const [decision] = await query<{ tx: string }>(
      'select xmin::text as tx from session_decisions where id = $1',
      [made.body.id],
    );
    const audits = await query<{ tx: string; actor: string; metadata: Record<string, unknown> }>(
      "select xmin::text as tx, actor, metadata from audit_log where target_id = $1 and action = 'session.decide'",
      [id],
    );
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      tx: decision?.tx,
      actor: user.id,
      metadata: {
        decisionId: made.body.id,
        decision: 'review',
        reason: 'Needs documents',
        requestId: made.headers.get('x-request-id'),
      },
    });
  });
});

describe('the review queue', () => {
  it('lists undecided high and medium sessions oldest first with counts per band; a decision takes one out', async () => {
    const { client, key } = await workspace();
    const high = await newSession(key, 'queue.high@example.com', 0.9);
    const low = await newSession(key, 'queue.low@example.com', 0.3);
    const medium = await newSession(key, 'queue.medium@example.com', 0.6);
    const edge = await newSession(key, 'queue.edge@example.com', 0.5);

    const queue = await client.json('/api/console/review-queue');
    expect(queue.status).toBe(200);
    expect(queue.body.sessions.map((s: { id: string }) => s.id)).toEqual([high, medium]);
    expect(queue.body.sessions.map((s: { band: string }) => s.band)).toEqual(['high', 'medium']);
    expect(queue.body.counts).toEqual({ high: 1, medium: 1 });
    expect([low, edge].some((id) => JSON.stringify(queue.body).includes(id))).toBe(false);

    expect((await decide(client, high, { decision: 'decline', reason: 'Stolen identity' })).status).toBe(201);
    const after = await client.json('/api/console/review-queue');
    expect(after.body.sessions.map((s: { id: string }) => s.id)).toEqual([medium]);
    expect(after.body.counts).toEqual({ high: 0, medium: 1 });
  });

  it('reads the queue through its partial index', async () => {
    const { ctx } = await workspace();
    const client = await pool.connect();
    let plan: string;
    try {
      // Small test tables make a sequential scan cheapest; what matters is that the index serves the query.
      await client.query('set enable_seqscan = off');
      const rows = await client.query<{ 'QUERY PLAN': string }>(
        `explain select id from sessions
          where workspace_id = $1 and decision is null
            and (outcome = 'review' or (outcome is null and last_risk > 0.5))
          order by created_at, id limit 51`,
        [ctx.workspaceId],
      );
      plan = rows.rows.map((row) => row['QUERY PLAN']).join('\n');
      await client.query('reset enable_seqscan');
    } finally {
      client.release();
    }
    expect(plan).toContain('sessions_review_queue_idx');
  });

  it('claims race-safely: of two analysts claiming at once exactly one gets it; claims are audited', async () => {
    const first = await workspace();
    const second = await newUser('analyst', first.user.workspace);
    const secondClient = await signedIn(second);
    const id = await newSession(first.key, 'queue.claim@example.com', 0.8);

    const claims = await Promise.all(
      [first.client, secondClient].map(async (client) =>
        readResponse(await client.fetch(`/api/console/sessions/${id}/claim`, { method: 'POST' })),
      ),
    );
    expect(claims.map((c) => c.status)).toEqual([200, 200]);
    const winners = claims.filter((c) => c.body.claimed === true);
    const losers = claims.filter((c) => c.body.claimed === false);
    expect(winners).toHaveLength(1);
    expect(losers).toHaveLength(1);
    const winner = winners[0]?.body.assignee.id;
    expect([first.user.id, second.id]).toContain(winner);
    expect(losers[0]?.body.assignee.id).toBe(winner);
    expect(await query('select assigned_to from sessions where id = $1', [id])).toEqual([
      { assigned_to: winner },
    ]);
    expect(
      await query("select actor from audit_log where target_id = $1 and action = 'session.claim'", [id]),
    ).toEqual([{ actor: winner }]);

    const queue = await first.client.json('/api/console/review-queue');
    expect(queue.body.sessions[0]).toMatchObject({ id, assignee: { id: winner } });

    // The loser cannot release the winner's claim; the winner can.
    const loserClient = winner === first.user.id ? secondClient : first.client;
    const winnerClient = winner === first.user.id ? first.client : secondClient;
    const refused = await readResponse(
      await loserClient.fetch(`/api/console/sessions/${id}/claim`, { method: 'DELETE' }),
    );
    expect(refused.body).toMatchObject({ claimed: false, assignee: { id: winner } });
    const released = await readResponse(
      await winnerClient.fetch(`/api/console/sessions/${id}/claim`, { method: 'DELETE' }),
    );
    expect(released.body).toEqual({ claimed: false, assignee: null });
    expect(await query('select assigned_to from sessions where id = $1', [id])).toEqual([
      { assigned_to: null },
    ]);
  });
});

describe('decision reasons', () => {
  it('every new workspace starts with the default reasons, however it was created', async () => {
    const byKey = await newKey('verify');
    const byUser = await newUser('admin');
    const counts = await query<{ name: string; n: number }>(
      `select w.name, count(r.*)::int as n from workspaces w left join decision_reasons r on r.workspace_id = w.id
       where w.name = $1 or w.id = $2 group by w.name order by w.name`,
      [byKey.workspace, byUser.workspaceId],
    );
    expect(counts).toHaveLength(2);
    for (const row of counts) expect(row.n, row.name).toBe(5);
  });

  it('admins add and remove reasons (audited); analysts only read them; past decisions keep theirs', async () => {
    const admin = await workspace('admin');
    const analystUser = await newUser('analyst', admin.user.workspace);
    const analyst = await signedIn(analystUser);
    const id = await newSession(admin.key, 'reasons.keep@example.com');

    expectProblem(
      await analyst.json('/api/console/decision-reasons', { decision: 'decline', label: 'Mule' }),
      403,
      'FORBIDDEN',
    );
    const added = await admin.client.json('/api/console/decision-reasons', {
      decision: 'decline',
      label: 'Money mule',
    });
    expect(added.status).toBe(201);
    expect((await analyst.json('/api/console/decision-reasons')).body.reasons).toContainEqual({
      decision: 'decline',
      label: 'Money mule',
    });
    expect((await decide(analyst, id, { decision: 'decline', reason: 'Money mule' })).status).toBe(201);

    const removed = await readResponse(
      await admin.client.fetch('/api/console/decision-reasons', {
        method: 'DELETE',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ decision: 'decline', label: 'Money mule' }),
      }),
    );
    expect(removed.body).toMatchObject({ removed: true });
    expect((await analyst.json('/api/console/decision-reasons')).body.reasons).toEqual(DEFAULT_REASONS);
    const refused = await decide(analyst, id, { decision: 'decline', reason: 'Money mule' });
    expect(refused.body.errors.map((e: { path: string }) => e.path)).toEqual(['reason']);
    expect((await analyst.json(`/api/console/sessions/${id}/decisions`)).body.decisions[0].reason).toBe(
      'Money mule',
    );

    const audited = await query<{ action: string; actor: string }>(
      "select action, actor from audit_log where workspace_id = $1 and action like 'decision_reason.%' order by created_at",
      [admin.user.workspaceId],
    );
    expect(audited).toEqual([
      { action: 'decision_reason.add', actor: admin.user.id },
      { action: 'decision_reason.remove', actor: admin.user.id },
    ]);
    const bad = await admin.client.json('/api/console/decision-reasons', {
      decision: 'decline',
      label: 'a\u0000b',
    });
    expectProblem(bad, 400, 'INVALID_INPUT');
    expect(bad.body.errors.map((e: { path: string }) => e.path)).toEqual(['label']);
  });
});

describe('a decided session looks decided, and a stale decision is refused (issue 31 item 3)', () => {
  it('answers 409 under replaces when someone decided since the analyst looked, and records with the right one', async () => {
    const { client, key } = await workspace();
    const id = await newSession(key, 'decide.conflict@example.com');
    // Both analysts saw no decision; the first records one.
    const first = await decide(client, id, {
      decision: 'approve',
      reason: 'Verified identity',
      replaces: null,
    });
    expect(first.status, first.text).toBe(201);
    // The other, still believing there is none, is refused: nothing recorded.
    const stale = await decide(client, id, {
      decision: 'decline',
      reason: 'Stolen identity',
      replaces: null,
    });
    expectProblem(stale, 409, 'INVALID_INPUT');
    expect(stale.body.errors).toEqual([
      expect.objectContaining({ path: 'replaces', message: expect.stringContaining(`"${first.body.id}"`) }),
    ]);
    expect(stale.body.detail).toContain('Approve (Verified identity) was recorded by');
    const named = await decide(client, id, {
      decision: 'decline',
      reason: 'Stolen identity',
      replaces: 'dec_1111111111111111111111',
    });
    expectProblem(named, 409, 'INVALID_INPUT');
    expect((await client.json(`/api/console/sessions/${id}/decisions`)).body.decisions).toHaveLength(1);

    // Naming the decision in force replaces it; leaving replaces out records regardless.
    const confirmed = await decide(client, id, {
      decision: 'decline',
      reason: 'Stolen identity',
      replaces: first.body.id,
    });
    expect(confirmed.status, confirmed.text).toBe(201);
    const regardless = await decide(client, id, { decision: 'review', reason: 'Needs documents' });
    expect(regardless.status, regardless.text).toBe(201);
    expectProblem(
      await decide(client, id, { decision: 'review', reason: 'Needs documents', replaces: 7 }),
      400,
      'INVALID_INPUT',
    );

    // The list and the session show the decision in force.
    const listed = await client.json('/api/console/sessions');
    const row = (listed.body.sessions as { id: string; decision: unknown }[]).find((s) => s.id === id);
    expect(row?.decision).toEqual({ decision: 'review', decidedAt: regardless.body.createdAt });
    const detail = await client.json(`/api/console/sessions/${id}`);
    expect(detail.body.decision).toEqual({ decision: 'review', decidedAt: regardless.body.createdAt });
  });
});

describe('a queue to triage (issue 31 item 2)', () => {
  it('lists each waiting session with its masked applicant and top reasons, oldest or riskiest first', async () => {
    const { client, key } = await workspace();
    // A never-issued SSN (HIGH) from a private address; stored risks set the bands and the order.
    const older = await verify(
      {
        emails: ['triage.older@example.com'],
        ssns: ['666-12-3456'],
        ipAddress: '10.1.2.3',
        name: { given: 'Olga', family: 'Berg' },
      },
      { key },
    );
    const newer = await verify({ emails: ['triage.newer@example.com'], ssns: ['666-98-7654'] }, { key });
    expect(older.status).toBe(201);
    expect(newer.status).toBe(201);
    await query('update sessions set last_risk = $2 where id = $1', [older.body.sessionId, 0.6]);
    await query('update sessions set last_risk = $2 where id = $1', [newer.body.sessionId, 0.9]);

    const byAge = await client.json('/api/console/review-queue');
    expect(byAge.status).toBe(200);
    const [first, second] = byAge.body.sessions;
    expect([first.id, second.id]).toEqual([older.body.sessionId, newer.body.sessionId]);
    expect(first.inputs).toMatchObject({ emails: ['t***@example.com'], ssn: '***-**-3456', name: 'O. Berg' });
    expect(byAge.text).not.toMatch(/triage\.older|666-12/);
    // The strongest first: the SSN the SSA never issues, then the private IP address.
    expect(first.reasons.map((r: { id: string }) => r.id).slice(0, 2)).toEqual([
      'SYNTHETIC_SSN_INVALID',
      'IP_TYPE',
    ]);
    expect(first.reasons[0]).toEqual({
      id: 'SYNTHETIC_SSN_INVALID',
      name: expect.any(String),
      state: expect.any(String),
      risk: 'HIGH',
    });
    expect(first.reasons.length).toBeLessThanOrEqual(3);

    const byRisk = await client.json('/api/console/review-queue?sort=risk');
    expect(byRisk.body.sessions.map((s: { id: string }) => s.id)).toEqual([
      newer.body.sessionId,
      older.body.sessionId,
    ]);
    expectProblem(await client.json('/api/console/review-queue?sort=name'), 400, 'INVALID_INPUT');
  });

  it('filters by band, reason and assignee, offers each filter its choices with counts, and claims in bulk', async () => {
    const { client, key, user } = await workspace();
    const colleague = await newUser('analyst', user.workspace);
    const colleagueClient = await signedIn(colleague);
    // A never-issued SSN (SYNTHETIC_SSN_INVALID, high) in two sessions; a plain email in a third.
    const synthetic = await verify({ emails: ['filter.one@example.com'], ssns: ['666-12-3456'] }, { key });
    const syntheticToo = await verify({ emails: ['filter.two@example.com'], ssns: ['666-55-1234'] }, { key });
    const plain = await newSession(key, 'filter.three@example.com');
    const [a, b] = [synthetic.body.sessionId as string, syntheticToo.body.sessionId as string];
    await query('update sessions set last_risk = $2 where id = $1', [a, 0.9]);
    await query('update sessions set last_risk = $2 where id = $1', [b, 0.6]);
    await query('update sessions set last_risk = $2 where id = $1', [plain, 0.7]);
    // The colleague holds the plain one.
    const held = await readResponse(
      await colleagueClient.fetch(`/api/console/sessions/${plain}/claim`, { method: 'POST' }),
    );
    expect(held.body.claimed).toBe(true);

    const ids = async (search: string) => {
      const response = await client.json(`/api/console/review-queue${search}`);
      expect(response.status, response.text).toBe(200);
      return (response.body.sessions as { id: string }[]).map((s) => s.id);
    };
    expect(await ids('')).toEqual([a, b, plain]);
    expect(await ids('?band=high')).toEqual([a]);
    expect(await ids('?band=medium')).toEqual([b, plain]);
    expect(await ids('?reason=SYNTHETIC_SSN_INVALID')).toEqual([a, b]);
    expect(await ids('?reason=SYNTHETIC_SSN_INVALID&band=medium&sort=risk')).toEqual([b]);
    expect(await ids('?reason=VELOCITY_PHONE')).toEqual([]);
    expect(await ids('?assignee=unassigned')).toEqual([a, b]);
    expect(await ids(`?assignee=${colleague.id}`)).toEqual([plain]);
    expect(await ids('?assignee=me')).toEqual([]);

    const whole = await client.json('/api/console/review-queue?band=high');
    // Counts and facets describe the whole queue; matched, the filter.
    expect(whole.body.counts).toEqual({ high: 1, medium: 2 });
    expect(whole.body.matched).toBe(1);
    const synth = whole.body.facets.reasons.find((r: { id: string }) => r.id === 'SYNTHETIC_SSN_INVALID');
    expect(synth).toEqual({ id: 'SYNTHETIC_SSN_INVALID', label: expect.any(String), count: 2 });
    expect(whole.body.facets.assignees).toEqual([{ id: colleague.id, label: colleague.email, count: 1 }]);

    for (const bad of ['?band=low', '?reason=drop%20table', '?assignee=everyone', '?limit=5']) {
      expectProblem(await client.json(`/api/console/review-queue${bad}`), 400, 'INVALID_INPUT');
    }

    // Bulk claim: the two free ones become mine, the colleague's stays theirs, a missing one is said.
    const missing = 'ses_1111111111111111111111';
    const claimed = await client.json('/api/console/review-queue/claims', {
      sessionIds: [a, b, plain, missing],
    });
    expect(claimed.status, claimed.text).toBe(200);
    expect(claimed.body.results).toEqual([
      { id: a, outcome: 'claimed', assignee: expect.objectContaining({ id: user.id, email: user.email }) },
      { id: b, outcome: 'claimed', assignee: expect.objectContaining({ id: user.id }) },
      { id: plain, outcome: 'taken', assignee: expect.objectContaining({ id: colleague.id }) },
      { id: missing, outcome: 'not_found', assignee: null },
    ]);
    const again = await client.json('/api/console/review-queue/claims', { sessionIds: [a] });
    expect(again.body.results).toEqual([
      { id: a, outcome: 'yours', assignee: expect.objectContaining({ id: user.id }) },
    ]);
    expect(await ids('?assignee=me')).toEqual([a, b]);
    expect(
      await query(
        "select target_id from audit_log where actor = $1 and action = 'session.claim' order by target_id",
        [user.id],
      ),
    ).toEqual([a, b].sort().map((id) => ({ target_id: id })));

    // Another workspace's session reads as not found and stays unclaimed.
    const other = await workspace();
    const theirs = await newSession(other.key, 'filter.other@example.com', 0.8);
    const foreign = await client.json('/api/console/review-queue/claims', { sessionIds: [theirs] });
    expect(foreign.body.results).toEqual([{ id: theirs, outcome: 'not_found', assignee: null }]);
    expect(await query('select assigned_to from sessions where id = $1', [theirs])).toEqual([
      { assigned_to: null },
    ]);

    for (const bad of [{}, { sessionIds: [] }, { sessionIds: ['nope'] }, { sessionIds: Array(51).fill(a) }]) {
      expectProblem(await client.json('/api/console/review-queue/claims', bad), 400, 'INVALID_INPUT');
    }
  });
});
