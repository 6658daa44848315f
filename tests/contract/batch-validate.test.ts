// Issue 31 item 9: the batch preview checks rows through a console route (it was a server action
// that aborted now and then): each row's Verify parse result, nothing stored; bad input a 400.
import { describe, expect, it } from 'vitest';
import { expectProblem, newUser, signedIn } from './console-session';
import { call, query } from './support';

describe('POST /api/console/batch/validate', () => {
  it("answers each row's problems in order, null for a valid row, and stores nothing", async () => {
    const client = await signedIn(await newUser('analyst'));
    const [{ n: before } = { n: -1 }] = await query<{ n: number }>('select count(*)::int as n from sessions');
    const response = await client.json('/api/console/batch/validate', {
      rows: [{ emails: ['batch.ok@example.com'] }, { emails: ['x'], ssns: ['12'] }, {}],
    });
    expect(response.status, response.text).toBe(200);
    const [ok, bad, empty] = response.body.issues;
    expect(ok).toBeNull();
    expect(bad.map((issue: { path: string }) => issue.path)).toContain('ssns.0');
    expect(empty.length).toBeGreaterThan(0);
    const [{ n: after } = { n: -2 }] = await query<{ n: number }>('select count(*)::int as n from sessions');
    expect(after).toBe(before);

    for (const body of [
      {},
      { rows: [] },
      { rows: 'x' },
      { rows: Array(201).fill({}) },
      { rows: [{}], extra: 1 },
    ]) {
      expectProblem(await client.json('/api/console/batch/validate', body), 400, 'INVALID_INPUT');
    }
    const anonymous = await call('/api/console/batch/validate', {
      method: 'POST',
      body: { rows: [{}] },
      key: null,
    });
    expect(anonymous.status).toBe(401);
  });
});
