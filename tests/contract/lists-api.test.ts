// Issue 33, "lists are also managed in a keyed API (own scope)" (built server): a key of scope
// `lists` adds, reads, changes, removes and imports its workspace's block and allow list entries;
// Verify (a `verify` key of the same workspace) answers from them at once; every change is audited
// with the key as its actor; another workspace's key neither sees nor changes an entry (404), a key
// of another scope is refused (403); an import keeps its good rows, reports the bad ones by line,
// and a second import of the same rows loses nothing. Written from docs/api/lists.md.
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { call, newKey, query, unique, verify } from './support';

type Check = { id: string; state: string; risk: string; description: string };
const listCheck = (body: unknown) =>
  (body as { checks: Check[] }).checks.find((check) => check.id === 'WORKSPACE_LIST');

const ENTRIES = '/api/lists/entries';
const ENTRY_ID = /^wle_[1-9A-HJ-NP-Za-km-z]{22}$/;

/** A `lists` key and a `verify` key of one new workspace. */
async function workspaceKeys() {
  const lists = await newKey('lists');
  const verifier = await newKey('verify', [], lists.workspace);
  return { lists: lists.key, listsId: lists.id, verify: verifier.key, workspace: lists.workspace };
}

const add = (key: string, entry: Record<string, unknown>) => call(ENTRIES, { key, body: entry });
const get = (key: string, search = '') => call(`${ENTRIES}${search}`, { key, method: 'GET' });
const patch = (key: string, id: string, body: unknown) =>
  call(`${ENTRIES}/${id}`, { key, method: 'PATCH', body });
const remove = (key: string, id: string) => call(`${ENTRIES}/${id}`, { key, method: 'DELETE' });
const importCsv = (key: string, csv: string) =>
  call(`${ENTRIES}/import`, { key, rawBody: csv, headers: { 'Content-Type': 'text/csv' } });

function expectProblem(response: Awaited<ReturnType<typeof call>>, status: number, code: string) {
  expect(response.status, response.text).toBe(status);
  expect(response.headers.get('content-type')).toContain('application/problem+json');
  expect(response.body).toMatchObject({ status, code });
}

async function auditOf(id: string) {
  return query<{ action: string; actor: string; request_id: string | null }>(
    'select action, actor, request_id from audit_log where target_id = $1 order by created_at, id',
    [id],
  );
}

describe('the keyed lists API', () => {
  it('a lists key blocks an e-mail domain and the next Verify of its workspace answers BLOCKED', async () => {
    const keys = await workspaceKeys();
    const domain = `${unique('ring')}.example`;
    const added = await add(keys.lists, {
      list: 'block',
      kind: 'email_domain',
      value: domain.toUpperCase(),
      reason: 'card testing ring',
    });
    expect(added.status, added.text).toBe(201);
    expect(added.body).toMatchObject({
      id: expect.stringMatching(ENTRY_ID),
      list: 'block',
      kind: 'email_domain',
      value: domain,
      reason: 'card testing ring',
      createdBy: keys.listsId,
      expiresAt: null,
      expired: false,
    });

    const answer = await verify({ emails: [`someone@${domain}`] }, { key: keys.verify });
    expect(answer.status).toBe(201);
    expect(listCheck(answer.body)).toMatchObject({ state: 'BLOCKED', risk: 'HIGH' });
    expect(listCheck(answer.body)?.description).toContain('card testing ring');

    // The add is audited with the key as its actor and the call's request id.
    const audit = await auditOf(added.body.id);
    expect(audit).toEqual([
      { action: 'list.add', actor: keys.listsId, request_id: added.headers.get('x-request-id') },
    ]);
  });

  it('an entry that expires stops matching', async () => {
    const keys = await workspaceKeys();
    const domain = `${unique('brief')}.example`;
    const expiresAt = new Date(Date.now() + 2500).toISOString();
    const added = await add(keys.lists, {
      list: 'block',
      kind: 'email_domain',
      value: domain,
      reason: 'r',
      expiresAt,
    });
    expect(added.status, added.text).toBe(201);
    const email = { emails: [`a@${domain}`] };
    expect(listCheck((await verify(email, { key: keys.verify })).body)?.state).toBe('BLOCKED');
    await sleep(Math.max(0, new Date(expiresAt).getTime() - Date.now()) + 200);
    expect(listCheck((await verify(email, { key: keys.verify })).body)?.state).toBe('NO_MATCH');
    const listed = await get(keys.lists, `?q=${domain}`);
    expect(listed.body.entries).toMatchObject([{ id: added.body.id, expired: true }]);
  });

  it('PATCH changes the reason and expiry and DELETE removes the entry, each audited with the key', async () => {
    const keys = await workspaceKeys();
    const domain = `${unique('edit')}.example`;
    const added = await add(keys.lists, {
      list: 'block',
      kind: 'email_domain',
      value: domain,
      reason: 'first',
    });
    const id: string = added.body.id;

    const changed = await patch(keys.lists, id, { reason: 'second', expiresAt: '2099-01-01T00:00:00Z' });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body).toMatchObject({
      id,
      reason: 'second',
      expiresAt: '2099-01-01T00:00:00.000Z',
      value: domain,
    });
    const never = await patch(keys.lists, id, { expiresAt: null });
    expect(never.body).toMatchObject({ reason: 'second', expiresAt: null });

    expect((await remove(keys.lists, id)).status).toBe(204);
    expect((await get(keys.lists, `?q=${domain}`)).body.entries).toEqual([]);
    expect(listCheck((await verify({ emails: [`a@${domain}`] }, { key: keys.verify })).body)?.state).toBe(
      'NO_MATCH',
    );
    // Removed once: again is the unknown entry.
    expectProblem(await remove(keys.lists, id), 404, 'UNKNOWN_LIST_ENTRY');

    const audit = await auditOf(id);
    expect(audit.map((row) => [row.action, row.actor])).toEqual([
      ['list.add', keys.listsId],
      ['list.update', keys.listsId],
      ['list.update', keys.listsId],
      ['list.remove', keys.listsId],
    ]);
  });

  it("another workspace's key neither sees nor changes the entry: 404 as for an id never issued", async () => {
    const keys = await workspaceKeys();
    const other = await newKey('lists');
    const domain = `${unique('mine')}.example`;
    const added = await add(keys.lists, {
      list: 'allow',
      kind: 'email_domain',
      value: domain,
      reason: 'ours',
    });
    const id: string = added.body.id;

    expect((await get(other.key, `?q=${domain}`)).body).toEqual({ entries: [], next: null });
    expectProblem(await patch(other.key, id, { reason: 'theirs' }), 404, 'UNKNOWN_LIST_ENTRY');
    expectProblem(await remove(other.key, id), 404, 'UNKNOWN_LIST_ENTRY');
    expectProblem(
      await patch(keys.lists, 'wle_1111111111111111111111', { reason: 'x' }),
      404,
      'UNKNOWN_LIST_ENTRY',
    );
    expectProblem(await remove(keys.lists, 'not-an-id'), 404, 'UNKNOWN_LIST_ENTRY');

    // Untouched, and nothing audited for the refused calls.
    expect((await get(keys.lists, `?q=${domain}`)).body.entries).toMatchObject([{ id, reason: 'ours' }]);
    expect((await auditOf(id)).map((row) => row.action)).toEqual(['list.add']);
  });

  it('a key without scope lists gets 403 on every lists operation; a lists key gets 403 on Verify', async () => {
    const keys = await workspaceKeys();
    const added = await add(keys.lists, {
      list: 'block',
      kind: 'email',
      value: 'x@example.com',
      reason: 'r',
    });
    const wrong = (await newKey('verify,signals,ingest', [], keys.workspace)).key;
    const calls = [
      get(wrong),
      add(wrong, { list: 'block', kind: 'email', value: 'y@example.com', reason: 'r' }),
      patch(wrong, added.body.id, { reason: 'changed' }),
      remove(wrong, added.body.id),
      importCsv(wrong, 'list,kind,value,reason\nblock,email,z@example.com,r\n'),
    ];
    for (const response of await Promise.all(calls)) {
      expectProblem(response, 403, 'FORBIDDEN');
      expect(response.body.detail).toContain('lists');
    }
    expectProblem(await verify({ emails: ['someone@example.com'] }, { key: keys.lists }), 403, 'FORBIDDEN');
    expect((await get(keys.lists, '?q=x@example.com')).body.entries).toMatchObject([{ reason: 'r' }]);
  });

  it('bad input is a 400 naming the field; an SSN is never echoed', async () => {
    const keys = await workspaceKeys();
    const badKind = await add(keys.lists, { list: 'block', kind: 'passport', value: 'X1', reason: 'r' });
    expectProblem(badKind, 400, 'INVALID_INPUT');
    expect(badKind.body.errors.map((error: { path: string }) => error.path)).toEqual(['kind']);
    const badValue = await add(keys.lists, { list: 'block', kind: 'ip', value: '999.1.1.1', reason: 'r' });
    expectProblem(badValue, 400, 'INVALID_INPUT');
    expect(badValue.body.errors.map((error: { path: string }) => error.path)).toEqual(['value']);
    const noReason = await add(keys.lists, {
      list: 'block',
      kind: 'email',
      value: 'a@example.com',
      reason: ' ',
    });
    expect(noReason.body.errors.map((error: { path: string }) => error.path)).toEqual(['reason']);
    const past = await add(keys.lists, {
      list: 'block',
      kind: 'email',
      value: 'a@example.com',
      reason: 'r',
      expiresAt: '2020-01-01T00:00:00Z',
    });
    expect(past.body.errors.map((error: { path: string }) => error.path)).toEqual(['expiresAt']);
    const badQuery = await get(keys.lists, '?kind=passport&cursor=nope');
    expectProblem(badQuery, 400, 'INVALID_INPUT');
    expect(badQuery.body.errors.map((error: { path: string }) => error.path).sort()).toEqual([
      'cursor',
      'kind',
    ]);
    const emptyPatch = await patch(keys.lists, 'wle_1111111111111111111111', {});
    expectProblem(emptyPatch, 400, 'INVALID_INPUT');

    const ssn = await add(keys.lists, {
      list: 'block',
      kind: 'ssn',
      value: '512-44-6789',
      reason: 'synthetic',
    });
    expect(ssn.status, ssn.text).toBe(201);
    expect(ssn.body.value).toBe('***-**-6789');
    expect(ssn.text).not.toContain('512446789');
    expect(ssn.text).not.toContain('512-44-6789');
    const listed = await get(keys.lists, '?kind=ssn');
    expect(listed.text).not.toContain('512-44');
    expect(listed.body.entries.map((entry: { value: string }) => entry.value)).toEqual(['***-**-6789']);
    const stored = await query<{ display: string }>(
      'select display from workspace_list_entries where id = $1',
      [ssn.body.id],
    );
    expect(stored[0]?.display).not.toContain('512');
  });

  it('pages with cursor and filters by list, kind and q', async () => {
    const keys = await workspaceKeys();
    const values = [1, 2, 3].map((n) => `${unique(`page${n}`)}.example`);
    for (const value of values)
      expect(
        (await add(keys.lists, { list: 'block', kind: 'email_domain', value, reason: 'r' })).status,
      ).toBe(201);
    await add(keys.lists, { list: 'allow', kind: 'ip', value: '203.0.113.9', reason: 'office' });

    const first = await get(keys.lists, '?list=block&limit=2');
    expect(first.status).toBe(200);
    expect(first.headers.get('ratelimit-limit')).toBeTruthy();
    expect(first.body.entries.map((entry: { value: string }) => entry.value)).toEqual([values[2], values[1]]);
    const second = await get(keys.lists, `?list=block&limit=2&cursor=${first.body.next}`);
    expect(second.body).toMatchObject({ entries: [{ value: values[0] }], next: null });
    const allowed = await get(keys.lists, '?kind=ip');
    expect(allowed.body.entries).toMatchObject([{ list: 'allow', value: '203.0.113.9' }]);
    expect((await get(keys.lists, `?q=${values[1]}`)).body.entries).toMatchObject([{ value: values[1] }]);
  });

  it('an import keeps the good rows, reports the bad by line, and a second import loses nothing', async () => {
    const keys = await workspaceKeys();
    const domain = `${unique('imported')}.example`;
    const csv = [
      'list,kind,value,reason,expires_at',
      `block,email_domain,${domain},ring,2099-12-31`,
      'block,ip,999.999.1.1,bad address,',
      'allow,email,vip@example.com,VIP,',
      'maybe,email,x@example.com,bad list,',
      'block,ssn,512-44-6789,synthetic,',
      '',
    ].join('\r\n');
    const first = await importCsv(keys.lists, csv);
    expect(first.status, first.text).toBe(200);
    expect(first.body.received).toBe(5);
    expect(first.body.saved).toBe(3);
    expect(
      first.body.rejected.map((row: { line: number; index: number; field: string }) => [
        row.line,
        row.index,
        row.field,
      ]),
    ).toEqual([
      [3, 1, 'value'],
      [5, 3, 'list'],
    ]);
    expect(first.text).not.toContain('512-44');
    const before = (await get(keys.lists)).body.entries as { id: string; value: string; reason: string }[];
    expect(before.map((entry) => entry.value).sort()).toEqual(
      ['***-**-6789', domain, 'vip@example.com'].sort(),
    );

    expect(listCheck((await verify({ emails: [`x@${domain}`] }, { key: keys.verify })).body)?.state).toBe(
      'BLOCKED',
    );

    // The same rows again: stored once, same ids, nothing lost.
    const second = await importCsv(keys.lists, csv);
    expect(second.body).toMatchObject({ received: 5, saved: 3 });
    const after = (await get(keys.lists)).body.entries as { id: string }[];
    expect(after.map((entry) => entry.id).sort()).toEqual(before.map((entry) => entry.id).sort());

    // JSON: bad entries by index, the good one stored; the audit names the key.
    const json = await call(`${ENTRIES}/import`, {
      key: keys.lists,
      body: {
        entries: [
          { list: 'allow', kind: 'phone', value: '+1 415 555 0100', reason: 'support line' },
          { list: 'allow', kind: 'phone', reason: 'no value' },
          'not an entry',
        ],
      },
    });
    expect(json.status, json.text).toBe(200);
    expect(json.body).toMatchObject({ received: 3, saved: 1 });
    expect(json.body.rejected.map((row: { index: number; field: string }) => [row.index, row.field])).toEqual(
      [
        [1, 'value'],
        [2, 'row'],
      ],
    );
    const audit = await query<{ actor: string; metadata: { saved: number; rejected: number } }>(
      "select actor, metadata from audit_log where action = 'list.add' and actor = $1 order by created_at",
      [keys.listsId],
    );
    expect(audit.map((row) => row.metadata.saved)).toEqual([3, 3, 1]);
  });

  it('a file that cannot be read is a 400 naming body and stores nothing; another type is 415', async () => {
    const keys = await workspaceKeys();
    const noHeader = await importCsv(keys.lists, 'block,email,a@example.com,r\n');
    expectProblem(noHeader, 400, 'INVALID_INPUT');
    expect(noHeader.body.errors.map((error: { path: string }) => error.path)).toEqual(['body']);
    const notJson = await call(`${ENTRIES}/import`, { key: keys.lists, rawBody: '{"entries":' });
    expectProblem(notJson, 400, 'INVALID_INPUT');
    const noEntries = await call(`${ENTRIES}/import`, { key: keys.lists, body: { entries: [] } });
    expectProblem(noEntries, 400, 'INVALID_INPUT');
    expect(noEntries.body.errors.map((error: { path: string }) => error.path)).toEqual(['entries']);
    const xml = await call(`${ENTRIES}/import`, {
      key: keys.lists,
      rawBody: '<entries/>',
      headers: { 'Content-Type': 'application/xml' },
    });
    expectProblem(xml, 415, 'UNSUPPORTED_MEDIA_TYPE');
    expect((await get(keys.lists)).body.entries).toEqual([]);
  });

  it('answers 405 with the methods of each path, and OPTIONS lists them', async () => {
    const keys = await workspaceKeys();
    const put = await call(ENTRIES, { key: keys.lists, method: 'PUT', body: {} });
    expectProblem(put, 405, 'METHOD_NOT_ALLOWED');
    expect(put.headers.get('allow')).toBe('GET, POST, HEAD, OPTIONS');
    const getOne = await call(`${ENTRIES}/wle_1111111111111111111111`, { key: keys.lists, method: 'GET' });
    expectProblem(getOne, 405, 'METHOD_NOT_ALLOWED');
    expect(getOne.headers.get('allow')).toBe('PATCH, DELETE, OPTIONS');
    const options = await call(`${ENTRIES}/import`, { key: null, method: 'OPTIONS' });
    expect(options.status).toBe(204);
    expect(options.headers.get('allow')).toBe('POST, OPTIONS');
  });
});
