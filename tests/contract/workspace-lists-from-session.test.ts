// Issue 33, "add from a session in one click" (built server, real sessions): a session's values a
// list can hold come back masked as the session page shows them, each with a ref; adding one by
// its ref stores the full value (the server reads it from the session's sealed identifiers, the
// browser never has it), audited with the session as its source; the next look shows it on the
// list, and the next Verify carrying it is BLOCKED. Another workspace's session is a 404, a ref
// of no value of the session a 400 naming `ref`.
import { describe, expect, it } from 'vitest';
import { type ConsoleClient, expectProblem, newUser, signedIn } from './console-session';
import { query } from './support';

type Candidate = {
  ref: string;
  kind: string;
  shown: string;
  entries: { id: string; list: string; reason: string; expiresAt: string | null; expired: boolean }[];
};

const candidatesOf = async (client: ConsoleClient, sessionId: string) => {
  const response = await client.json(`/api/console/sessions/${sessionId}/list-entries`);
  expect(response.status).toBe(200);
  return (response.body as { candidates: Candidate[] }).candidates;
};

async function session(client: ConsoleClient, stamp: string) {
  const created = await client.json('/api/console/verify', {
    emails: [`Mallory.${stamp}@Example-${stamp}.com`],
    phones: ['+1 (415) 555-2671'],
    ipAddress: '198.51.100.23',
    ssns: ['123-45-6789'],
    name: { given: 'Mallory', family: 'Ames' },
  });
  expect(created.status).toBe(201);
  return created.body.sessionId as string;
}

describe("a session's values on the workspace lists", () => {
  it('are offered masked, added by ref with the full value, audited, and then matched', async () => {
    const analyst = await signedIn(await newUser('analyst'));
    const stamp = `${Date.now()}`;
    const sessionId = await session(analyst, stamp);
    const response = await analyst.json(`/api/console/sessions/${sessionId}/list-entries`);
    const text = JSON.stringify(response.body);
    // Nothing the session page does not show already.
    expect(text).not.toContain(`mallory.${stamp}@`);
    expect(text).not.toContain('123456789');
    expect(text).not.toContain('4155552671');
    expect(text).not.toContain('mallory ames');
    const candidates = (response.body as { candidates: Candidate[] }).candidates;
    // Masked as the session page masks its identifiers.
    const { inputs } = (await analyst.json(`/api/console/sessions/${sessionId}`)).body as {
      inputs: { emails: string[]; phones: string[]; ssn: string };
    };
    expect(candidates.map(({ kind, shown, entries }) => ({ kind, shown, entries }))).toEqual([
      { kind: 'email', shown: inputs.emails[0], entries: [] },
      { kind: 'email_domain', shown: `example-${stamp}.com`, entries: [] },
      { kind: 'phone', shown: inputs.phones[0], entries: [] },
      { kind: 'ip', shown: '198.51.100.23', entries: [] },
      { kind: 'ssn', shown: inputs.ssn, entries: [] },
      { kind: 'name', shown: 'm. ames', entries: [] },
    ]);
    const refOf = (kind: string) => candidates.find((candidate) => candidate.kind === kind)?.ref ?? '';

    const blocked = await analyst.json(`/api/console/sessions/${sessionId}/list-entries`, {
      ref: refOf('email_domain'),
      list: 'block',
      reason: 'Throwaway domain of a fraud ring',
      expiresAt: '2099-01-01T00:00:00Z',
    });
    expect(blocked.status).toBe(201);
    expect(blocked.body).toMatchObject({
      list: 'block',
      kind: 'email_domain',
      value: `example-${stamp}.com`,
      reason: 'Throwaway domain of a fraud ring',
      expiresAt: '2099-01-01T00:00:00.000Z',
    });
    const allowed = await analyst.json(`/api/console/sessions/${sessionId}/list-entries`, {
      ref: refOf('ssn'),
      list: 'allow',
      reason: 'Known customer',
    });
    expect(allowed.status).toBe(201);
    expect(allowed.body).toMatchObject({ list: 'allow', kind: 'ssn', value: '***-**-6789' });
    const email = await analyst.json(`/api/console/sessions/${sessionId}/list-entries`, {
      ref: refOf('email'),
      list: 'block',
      reason: 'Chargeback',
    });
    // The full, canonical value: as the list shows it and as the lookup by value finds it.
    expect(email.body).toMatchObject({ kind: 'email', value: `mallory.${stamp}@example-${stamp}.com` });
    const lookup = await analyst.json(
      `/api/console/lists/entries?value=${encodeURIComponent(`MALLORY.${stamp}@example-${stamp}.com`)}`,
    );
    expect((lookup.body as { entries: { id: string }[] }).entries.map((e) => e.id)).toEqual([
      (email.body as { id: string }).id,
    ]);

    const again = await candidatesOf(analyst, sessionId);
    expect(again.find((c) => c.kind === 'email_domain')?.entries).toEqual([
      {
        id: (blocked.body as { id: string }).id,
        list: 'block',
        reason: 'Throwaway domain of a fraud ring',
        expiresAt: '2099-01-01T00:00:00.000Z',
        expired: false,
      },
    ]);
    expect(again.find((c) => c.kind === 'ssn')?.entries.map((e) => e.list)).toEqual(['allow']);
    expect(again.find((c) => c.kind === 'phone')?.entries).toEqual([]);

    const audit = await query<{ metadata: Record<string, unknown> }>(
      "select metadata from audit_log where target_id = $1 and action = 'list.add'",
      [(blocked.body as { id: string }).id],
    );
    expect(audit).toEqual([
      { metadata: { saved: 1, rejected: 0, counts: { 'block:email_domain': 1 }, source: sessionId } },
    ]);

    const next = await analyst.json('/api/console/verify', { emails: [`someone.else@example-${stamp}.com`] });
    const check = (next.body.checks as { id: string; state: string }[]).find(
      (c) => c.id === 'WORKSPACE_LIST',
    );
    expect(check?.state).toBe('BLOCKED');
  });

  it('answer 404 for another workspace or no session, 400 naming the field for a bad body', async () => {
    const mine = await signedIn(await newUser('analyst'));
    const theirs = await signedIn(await newUser('admin'));
    const sessionId = await session(mine, `${Date.now()}`);
    const [candidate] = await candidatesOf(mine, sessionId);
    const body = { ref: candidate?.ref, list: 'block', reason: 'x' };
    const path = `/api/console/sessions/${sessionId}/list-entries`;
    expectProblem(await theirs.json(path), 404, 'NOT_FOUND');
    expectProblem(await theirs.json(path, body), 404, 'NOT_FOUND');
    expectProblem(
      await mine.json('/api/console/sessions/ses_1111111111111111111111/list-entries'),
      404,
      'NOT_FOUND',
    );
    expectProblem(await mine.json('/api/console/sessions/nope/list-entries', body), 404, 'NOT_FOUND');
    const paths = (response: { body: unknown }) =>
      (response.body as { errors: { path: string }[] }).errors.map((error) => error.path).sort();
    const unknown = await mine.json(path, { ...body, ref: '0'.repeat(32) });
    expectProblem(unknown, 400, 'INVALID_INPUT');
    expect(paths(unknown)).toEqual(['ref']);
    const wrong = await mine.json(path, { ref: 'x', list: 'grey', reason: '', value: 'a@b.co' });
    expectProblem(wrong, 400, 'INVALID_INPUT');
    expect(paths(wrong)).toEqual(['', 'list', 'reason', 'ref']);
    const past = await mine.json(path, { ...body, expiresAt: '2001-01-01T00:00:00Z' });
    expectProblem(past, 400, 'INVALID_INPUT');
    expect(paths(past)).toEqual(['expiresAt']);
    expect(
      await query("select 1 from audit_log where action = 'list.add' and metadata->>'source' = $1", [
        sessionId,
      ]),
    ).toEqual([]);
  });
});
