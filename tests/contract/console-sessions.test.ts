// The console's Sessions data routes: the workspace's sessions newest activity first (keyset
// pages of 25, risk-band filter), one session with its calls in order, and workspace isolation.
import { describe, expect, it } from 'vitest';
import { riskBand } from '@/lib/engine/risk';
import { expectProblem, newUser, signedIn } from './console-session';
import { call } from './support';

/** An analyst signed in to a workspace of their own. */
const analyst = async () => signedIn(await newUser('analyst'));

type ApiCheck = { id: string; state: string; risk: string; contribution: number };

describe('GET /api/console/sessions and /api/console/sessions/[id]', () => {
  it('answer 401 without a console session, even with an API key', async () => {
    for (const pathname of [
      '/api/console/sessions',
      '/api/console/sessions/ses_1111111111111111111111',
      '/api/console/sessions/ses_1111111111111111111111/list-entries',
      '/api/console/lists',
      '/api/console/lists/entries',
      '/api/console/lists/entries/export',
      '/api/console/rules',
      '/api/console/webhooks',
      '/api/console/monitoring',
      '/api/console/request-log',
      '/api/console/request-log/settings',
    ]) {
      expectProblem(await call(pathname, { method: 'GET', key: null }), 401, 'UNAUTHORIZED');
      expectProblem(await call(pathname, { method: 'GET' }), 401, 'UNAUTHORIZED');
    }
  });

  it('show a session with its calls in order, what each added and how the risk moved', async () => {
    const client = await analyst();
    expect((await client.json('/api/console/sessions')).body).toEqual({ sessions: [], nextCursor: null });

    const first = await client.json('/api/console/verify', {
      emails: ['carla.mendes@example.com'],
      name: { given: 'Carla', family: 'Mendes' },
    });
    expect(first.status).toBe(201);
    const sessionId: string = first.body.sessionId;
    const second = await client.json('/api/console/verify', {
      sessionId,
      phones: ['+1 415 555 2671'],
      ssns: ['666-12-3456'],
    });
    expect(second.status).toBe(200);

    const listed = await client.json('/api/console/sessions');
    expect(listed.status).toBe(200);
    expect(listed.headers.get('cache-control')).toBe('no-store');
    expect(listed.body.nextCursor).toBeNull();
    expect(listed.body.sessions).toEqual([
      {
        id: sessionId,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
        calls: 2,
        risk: second.body.risk,
        band: riskBand(second.body.risk),
        inputs: {
          emails: ['c***@example.com'],
          phones: ['+1******2671'],
          profiles: [],
          ssn: '***-**-3456',
          name: 'C. Mendes',
          location: null,
          ipAddress: null,
          birthday: false,
        },
        decision: null,
        // The workspace has no rules: no outcome (issue 33).
        outcome: null,
      },
    ]);
    // Masked only: the cleartext email, phone and SSN never leave the server.
    expect(listed.text).not.toMatch(/carla\.mendes|4155552671|666-?12/);

    const detail = await client.json(`/api/console/sessions/${sessionId}`);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({ id: sessionId, calls: 2, risk: second.body.risk, truncated: false });
    const [one, two] = detail.body.timeline;
    expect(detail.body.timeline).toHaveLength(2);
    expect(one).toMatchObject({
      index: 1,
      status: 201,
      risk: first.body.risk,
      delta: null,
      requestId: first.headers.get('x-request-id'),
      added: [
        { field: 'email', value: 'c***@example.com', previous: null },
        { field: 'name', value: 'C. Mendes', previous: null },
      ],
    });
    expect(two).toMatchObject({
      index: 2,
      status: 200,
      risk: second.body.risk,
      delta: Math.round((second.body.risk - first.body.risk) * 10_000) / 10_000,
      requestId: second.headers.get('x-request-id'),
      added: [
        { field: 'phone', value: '+1******2671', previous: null },
        { field: 'ssn', value: '***-**-3456', previous: null },
      ],
    });
    expect(new Date(two.createdAt).getTime()).toBeGreaterThanOrEqual(new Date(one.createdAt).getTime());

    // Each call keeps the checks Verify answered, with their contributions.
    const asAnswered = (checks: ApiCheck[]) => checks.map((c) => [c.id, c.state, c.risk, c.contribution]);
    expect(asAnswered(one.checks)).toEqual(asAnswered(first.body.checks));
    expect(asAnswered(two.checks)).toEqual(asAnswered(second.body.checks));
    // The first call lists every check; the second only those whose state or risk changed.
    expect(one.changes).toHaveLength(first.body.checks.length);
    const before = new Map((first.body.checks as ApiCheck[]).map((c) => [c.id, c]));
    const moved = (second.body.checks as ApiCheck[])
      .filter((c) => before.get(c.id)?.state !== c.state || before.get(c.id)?.risk !== c.risk)
      .map((c) => c.id);
    expect(two.changes.map((c: { id: string }) => c.id)).toEqual(moved);
    // The invalid SSN (area 666) is among them: it was not given before.
    expect(two.changes).toContainEqual(
      expect.objectContaining({ id: 'SYNTHETIC_SSN_INVALID', after: { state: 'TRUE', risk: 'HIGH' } }),
    );
  });

  it('pages by 25, newest activity first, and a join moves a session to the top', async () => {
    const client = await analyst();
    const created: string[] = [];
    for (let i = 0; i < 27; i += 1) {
      const response = await client.json('/api/console/verify', { emails: [`page.${i}@example.com`] });
      expect(response.status).toBe(201);
      created.push(response.body.sessionId);
    }
    const oldest = created[0] ?? '';
    const joined = await client.json('/api/console/verify', {
      sessionId: oldest,
      phones: ['+1 212 555 0143'],
    });
    expect(joined.status).toBe(200);

    const first = await client.json('/api/console/sessions');
    expect(first.status).toBe(200);
    expect(first.body.sessions).toHaveLength(25);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const second = await client.json(
      `/api/console/sessions?cursor=${encodeURIComponent(first.body.nextCursor)}`,
    );
    expect(second.status).toBe(200);
    expect(second.body.sessions).toHaveLength(2);
    expect(second.body.nextCursor).toBeNull();

    const ids = [...first.body.sessions, ...second.body.sessions].map((s: { id: string }) => s.id);
    // The joined session first, then the others newest first; each exactly once.
    expect(ids).toEqual([oldest, ...created.slice(1).reverse()]);
    expect(first.body.sessions[0]).toMatchObject({ id: oldest, calls: 2 });
    const times = [...first.body.sessions, ...second.body.sessions].map((s: { updatedAt: string }) =>
      new Date(s.updatedAt).getTime(),
    );
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('filters by risk band and refuses unknown bands and cursors naming the parameter', async () => {
    const client = await analyst();
    const plain = await client.json('/api/console/verify', { emails: ['band.plain@example.com'] });
    const risky = await client.json('/api/console/verify', {
      ssns: ['666-12-3456'],
      name: { given: 'Band', family: 'Risky' },
      emails: ['band.risky@example.com'],
    });
    expect(riskBand(risky.body.risk)).not.toBe('low');
    const bandOf = new Map<string, string>([
      [plain.body.sessionId, riskBand(plain.body.risk)],
      [risky.body.sessionId, riskBand(risky.body.risk)],
    ]);
    for (const band of ['low', 'medium', 'high']) {
      const response = await client.json(`/api/console/sessions?band=${band}`);
      expect(response.status).toBe(200);
      const expected = [...bandOf].filter(([, b]) => b === band).map(([id]) => id);
      expect(response.body.sessions.map((s: { id: string }) => s.id).sort()).toEqual(expected.sort());
      expect(response.body.sessions.every((s: { band: string }) => s.band === band)).toBe(true);
    }

    const badBand = await client.json('/api/console/sessions?band=severe');
    expectProblem(badBand, 400, 'INVALID_INPUT');
    expect(badBand.body.errors).toEqual([expect.objectContaining({ path: 'band' })]);
    const badCursor = await client.json('/api/console/sessions?cursor=not-a-cursor');
    expectProblem(badCursor, 400, 'INVALID_INPUT');
    expect(badCursor.body.errors).toEqual([expect.objectContaining({ path: 'cursor' })]);
  });

  it("answer 404 for another workspace's session, and never list it", async () => {
    const owner = await analyst();
    const stranger = await analyst();
    const created = await owner.json('/api/console/verify', { emails: ['private.person@example.com'] });
    expect(created.status).toBe(201);
    const sessionId: string = created.body.sessionId;

    expect((await owner.json(`/api/console/sessions/${sessionId}`)).status).toBe(200);
    const foreign = await stranger.json(`/api/console/sessions/${sessionId}`);
    expectProblem(foreign, 404, 'NOT_FOUND');
    expect(foreign.text).not.toContain('private');
    expectProblem(await stranger.json('/api/console/sessions/ses_1111111111111111111111'), 404, 'NOT_FOUND');
    expectProblem(await stranger.json('/api/console/sessions/not-a-session'), 404, 'NOT_FOUND');
    expect((await stranger.json('/api/console/sessions')).body.sessions).toEqual([]);
  });
});

describe('GET /api/console/lists', () => {
  it('lists the imported reference lists with their dates and sizes', async () => {
    const client = await analyst();
    const response = await client.json('/api/console/lists');
    expect(response.status).toBe(200);
    expect(Array.isArray(response.body.lists)).toBe(true);
    for (const list of response.body.lists) {
      expect(list).toEqual({
        name: expect.any(String),
        category: expect.any(String),
        format: expect.any(String),
        entries: expect.any(Number),
        publishedAt: list.publishedAt === null ? null : expect.any(String),
        importedAt: expect.any(String),
      });
    }
    const health = await call('/api/health', { method: 'GET', key: null });
    expect(response.body.lists.map((l: { name: string }) => l.name).sort()).toEqual(
      health.body.lists.map((l: { name: string }) => l.name).sort(),
    );
  });
});
