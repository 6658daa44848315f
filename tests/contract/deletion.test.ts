// Data-subject deletion (docs/api/operations.md, "Data-subject deletion and 410"): the CLI and the console route erase every
// stored row of the named identifiers in every workspace and keep keyed hashes only; Verify then
// answers 410 DATA_DELETED and stores nothing, feeds refuse the identifiers, Signals knows nothing.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newUser, signedIn } from './console-session';
import { call, cli, newKey, query, signals, verify } from './support';

const digest = (algorithm: string, text: string) => createHash(algorithm).update(text).digest('hex');
const HOUR = 3_600_000;

let counter = 0;
const tag = () =>
  `${process.pid}${Date.now().toString(36)}${counter++}${Math.random().toString(36).slice(2, 6)}`;
/** Names keep letters only (the name normaliser drops digits). */
const letters = () =>
  Array.from({ length: 10 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
const uniqueEmail = (label: string) => `${label}.${tag()}@example.com`;
/** A US number nobody else's test uses (exchange 200-999, random line). */
const uniquePhone = () =>
  `+1415${200 + Math.floor(Math.random() * 800)}${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`;

const deletionsCli = (args: string[]) => cli('scripts/deletions.ts', args);

async function workspaceId(name: string): Promise<string> {
  const [row] = await query<{ id: string }>('select id from workspaces where name = $1', [name]);
  if (!row) throw new Error(`no workspace ${name}`);
  return row.id;
}

async function countRows(sql: string, params: unknown[]): Promise<number> {
  const [row] = await query<{ n: number }>(`select count(*)::int as n from (${sql}) t`, params);
  return row?.n ?? -1;
}

/** Every row of the graph and session tables that references one of these identifier ids. */
async function referencingRows(ids: string[], phone: string, sessionIds: string[]) {
  return {
    identifiers: await countRows('select 1 from identifiers where id = any($1)', [ids]),
    identifierLinks: await countRows(
      'select 1 from identifier_links where a_id = any($1) or b_id = any($1)',
      [ids],
    ),
    linkSources: await countRows('select 1 from link_sources where a_id = any($1) or b_id = any($1)', [ids]),
    observations: await countRows('select 1 from observations where identifier_id = any($1)', [ids]),
    observationRollups: await countRows('select 1 from observation_rollups where identifier_id = any($1)', [
      ids,
    ]),
    emailCleartexts: await countRows('select 1 from email_cleartexts where identifier_id = any($1)', [ids]),
    breaches: await countRows('select 1 from breaches where identifier_id = any($1)', [ids]),
    profileRecords: await countRows('select 1 from profile_records where identifier_id = any($1)', [ids]),
    phoneRecords: await countRows('select 1 from phone_records where phone = $1', [phone]),
    sessions: await countRows('select 1 from sessions where id = any($1)', [sessionIds]),
    sessionCalls: await countRows('select 1 from session_calls where session_id = any($1)', [sessionIds]),
  };
}

/** The rows a Verify in workspace `ws` would add, and its quota use. */
async function workspaceFootprint(ws: string) {
  const [quota] = await query<{ used: number }>('select verify_used as used from workspaces where id = $1', [
    ws,
  ]);
  return {
    sessions: await countRows('select 1 from sessions where workspace_id = $1', [ws]),
    calls: await countRows('select 1 from session_calls where workspace_id = $1', [ws]),
    observations: await countRows('select 1 from observations where source = $1', [ws]),
    verifyUsed: quota?.used,
  };
}

describe('data-subject deletion', () => {
  it('erases every row of the identifiers in every workspace, keeps keyed hashes, and refuses them afterwards', async () => {
    const a = await newKey('verify,signals,ingest', ['--trial-quota', '100']);
    const b = await newKey('verify,signals');
    const wsA = await workspaceId(a.workspace);
    const wsB = await workspaceId(b.workspace);
    const email = uniqueEmail('erase');
    const survivor = uniqueEmail('survivor');
    const bystander = uniqueEmail('bystander');
    const phone = uniquePhone();
    const family = `Erasable${letters()}`;
    const handle = `handle${tag()}`;
    const at = Math.floor((Date.now() - 48 * HOUR) / HOUR) * HOUR + 5 * 60_000;

    // The person: events, reference records, Verify sessions in two workspaces.
    const events = await call('/api/events', {
      key: a.key,
      body: [
        { type: 'signup', observedAt: at, source: 'shop', email, phone, name: { given: 'Zed', family } },
        { type: 'visitor', observedAt: at, source: 'shop', email: survivor, phone },
        { type: 'click', observedAt: at, source: 'shop', email },
      ],
    });
    expect(events.body).toEqual({ accepted: 3, duplicates: 0, rejected: [] });
    const records = await call('/api/records', {
      key: a.key,
      body: [
        { kind: 'breach', breach: 'EraseLeak', breachedAt: '2024-05-01', email },
        { kind: 'phone', phone, lineType: 'MOBILE', carrier: 'Erase Mobile', observedAt: at },
        { kind: 'profile', service: 'github', username: handle, followers: 3, email },
      ],
    });
    expect(records.body).toEqual({ accepted: 3, duplicates: 0, rejected: [] });
    const created = await verify({ email, phone }, { key: a.key });
    expect(created.status).toBe(201);
    // A join that adds someone else: the session still holds the deleted email, so it goes.
    const joined = await verify(
      { sessionId: created.body.sessionId, email: uniqueEmail('joined') },
      { key: a.key },
    );
    expect(joined.status).toBe(200);
    const elsewhere = await verify({ emails: [email] }, { key: b.key });
    expect(elsewhere.status).toBe(201);
    const unrelated = await verify({ email: bystander }, { key: a.key });
    expect(unrelated.status).toBe(201);
    const sessionIds = [created.body.sessionId, elsewhere.body.sessionId];

    const found = await query<{ id: string; kind: string }>(
      `select id, kind from identifiers where (kind, value) in (('email', $1), ('phone', $2), ('profile', $3), ('name', $4))`,
      [digest('sha256', email), phone, `github:${handle.toLowerCase()}`, `zed||${family.toLowerCase()}`],
    );
    expect(found.map((r) => r.kind).sort()).toEqual(['email', 'name', 'phone', 'profile']);
    const ids = found.map((r) => r.id);
    const before = await referencingRows(ids, phone, sessionIds);
    // Links: email-phone, email-name, phone-name, survivor-phone, profile-email, and the join's
    // email with the session's email and phone; email-phone was seen by the event feed and by
    // Verify (two sources). Observations: the events' 5, then one per identifier per Verify call
    // (email and phone, then email elsewhere): a call is one sighting, never two.
    expect(before).toEqual({
      identifiers: 4,
      identifierLinks: 7,
      linkSources: 8,
      observations: 8,
      observationRollups: 8,
      emailCleartexts: 2,
      breaches: 1,
      profileRecords: 1,
      phoneRecords: 1,
      sessions: 2,
      sessionCalls: 3,
    });

    const recorded = await deletionsCli([
      'create',
      '--workspace',
      a.workspace,
      '--email',
      email,
      '--phone',
      phone,
      '--profile',
      `github:${handle}`,
    ]);
    expect(recorded.code, recorded.stderr).toBe(0);
    expect(recorded.stdout.trim().split('\n')).toHaveLength(1);
    const result = JSON.parse(recorded.stdout);
    expect(result).toMatchObject({
      workspace: a.workspace,
      requestId: expect.stringMatching(/^del_/),
      identifiers: { email: 1, phone: 1, ssn: 0, profile: 1 },
      // Three email forms (SHA-256, MD5, SHA1), the phone, the profile.
      tombstones: 5,
      // The name went too: unlinked, it was only this person's.
      deleted: before,
    });
    expect(await referencingRows(ids, phone, sessionIds)).toEqual(
      Object.fromEntries(Object.keys(before).map((k) => [k, 0])),
    );
    expect(
      await countRows('select 1 from identifiers where kind = $1 and md5 = $2', [
        'email',
        digest('md5', email),
      ]),
    ).toBe(0);

    // The survivor, the other emails and the unrelated session stay; the survivor lost its links.
    const [kept] = await query<{ link_count: number; person_id: string | null }>(
      `select link_count, person_id from identifiers where kind = 'email' and value = $1`,
      [digest('sha256', survivor)],
    );
    expect(kept).toEqual({ link_count: 0, person_id: null });
    expect(await countRows('select 1 from sessions where id = $1', [unrelated.body.sessionId])).toBe(1);

    // Only keyed hashes remain: no identifier in any form, in the tombstones or the audit log.
    const tombstones = await query<{ key_hash: string; kind: string; workspace_id: string }>(
      'select key_hash, kind, workspace_id from deletion_tombstones where request_id = $1 order by kind',
      [result.requestId],
    );
    expect(tombstones.map((t) => t.kind)).toEqual(['email', 'email', 'email', 'phone', 'profile']);
    expect(tombstones.every((t) => /^[0-9a-f]{64}$/.test(t.key_hash) && t.workspace_id === wsA)).toBe(true);
    const forms = [email, phone, handle, ...['md5', 'sha1', 'sha256'].map((alg) => digest(alg, email))];
    const stored = JSON.stringify(tombstones);
    const [audit] = await query<{ actor: string; metadata: unknown }>(
      `select actor, metadata from audit_log where action = 'deletion.record' and target_id = $1`,
      [result.requestId],
    );
    expect(audit).toMatchObject({ actor: 'cli', metadata: { tombstones: 5, deleted: before } });
    for (const form of forms) {
      expect(stored).not.toContain(form.replace('+', ''));
      expect(JSON.stringify(audit)).not.toContain(form.replace('+', ''));
    }

    // Verify with any form of a deleted identifier: 410, and nothing of the request is stored.
    const footprintA = await workspaceFootprint(wsA);
    for (const body of [{ email }, { emails: [digest('md5', email)] }, { phone, email: bystander }]) {
      const refused = await verify(body, { key: a.key });
      expect(refused.status, JSON.stringify(body)).toBe(410);
      expect(refused.headers.get('content-type')).toBe('application/problem+json');
      expect(refused.body).toMatchObject({
        status: 410,
        code: 'DATA_DELETED',
        title: 'Data deleted',
        requestId: expect.any(String),
      });
      expect(refused.body.detail).toMatch(
        /asked for their data to be deleted; nothing of this request was stored/,
      );
    }
    expect(await workspaceFootprint(wsA)).toEqual(footprintA);
    expect(
      await countRows(`select 1 from identifiers where kind = 'email' and value = $1`, [
        digest('sha256', email),
      ]),
    ).toBe(0);
    // Every workspace shares the graph, so the tombstone holds in B too.
    const footprintB = await workspaceFootprint(wsB);
    const inB = await verify({ email: email.toUpperCase() }, { key: b.key });
    expect(inB.status).toBe(410);
    expect(inB.body.detail).toContain('an email');
    expect(await workspaceFootprint(wsB)).toEqual(footprintB);

    // Without a deleted identifier Verify works as before, the survivor included.
    const fine = await verify({ emails: [survivor, uniqueEmail('fresh')] }, { key: a.key });
    expect(fine.status).toBe(201);
    expect((await workspaceFootprint(wsA)).verifyUsed).toBe((footprintA.verifyUsed ?? 0) + 1);

    // Feeds refuse items that name a deleted identifier, item by item, and store none of them.
    const fresh = uniqueEmail('fed');
    const fed = await call('/api/events', {
      key: a.key,
      body: [
        { id: `ok-${tag()}`, type: 'visitor', observedAt: at, source: 'shop', email: fresh },
        {
          id: `gone-${tag()}`,
          type: 'visitor',
          observedAt: at,
          source: 'shop',
          email: digest('sha1', email),
        },
        { type: 'signup', observedAt: at, source: 'shop', phone, name: { given: 'Zed', family } },
      ],
    });
    expect(fed.status).toBe(202);
    expect(fed.body).toMatchObject({ accepted: 1, duplicates: 0 });
    expect(fed.body.rejected.map((r: { index: number; code: string }) => [r.index, r.code])).toEqual([
      [1, 'DATA_DELETED'],
      [2, 'DATA_DELETED'],
    ]);
    const refusedRecords = await call('/api/records', {
      key: a.key,
      body: [
        { kind: 'phone', phone, lineType: 'VOIP', observedAt: at },
        { kind: 'profile', service: 'github', username: `@${handle.toUpperCase()}` },
        { kind: 'breach', breach: 'OtherLeak', breachedAt: '2024-06-01', emails: [fresh] },
      ],
    });
    expect(refusedRecords.body).toMatchObject({ accepted: 1, duplicates: 0 });
    expect(
      refusedRecords.body.rejected.map((r: { index: number; code: string }) => [r.index, r.code]),
    ).toEqual([
      [0, 'DATA_DELETED'],
      [1, 'DATA_DELETED'],
    ]);
    expect(await referencingRows(ids, phone, sessionIds)).toMatchObject({ phoneRecords: 0 });
    expect(
      await countRows(
        `select 1 from identifiers where (kind, value) in (('phone', $1), ('profile', $2), ('name', $3))`,
        [phone, `github:${handle.toLowerCase()}`, `zed||${family.toLowerCase()}`],
      ),
    ).toBe(0);
    expect(await countRows('select 1 from ingested_events where event_id like $1', ['gone-%'])).toBe(0);

    // Signals: a deleted identifier is simply unknown (204), in any form.
    for (const form of [email, digest('sha256', email)]) {
      expect((await signals({ emails: [form] }, { key: a.key })).status).toBe(204);
    }
    expect((await signals({ phone }, { key: b.key })).status).toBe(204);

    // Recording the same deletion again is harmless: nothing left to erase, no new tombstone.
    const again = await deletionsCli(['create', '--workspace', a.workspace, '--email', digest('md5', email)]);
    expect(again.code, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({
      tombstones: 0,
      deleted: Object.fromEntries(Object.keys(before).map((k) => [k, 0])),
    });
  });

  it('a deletion by MD5 also finds the stored address, and an SSN is tombstoned by keyed hash only', async () => {
    const a = await newKey('verify,signals,ingest');
    const email = uniqueEmail('by-md5');
    const ssn = `${100 + Math.floor(Math.random() * 500)}-${10 + Math.floor(Math.random() * 80)}-${1000 + Math.floor(Math.random() * 9000)}`;
    const created = await verify({ email, ssns: [ssn] }, { key: a.key });
    expect(created.status).toBe(201);
    const recorded = await deletionsCli([
      'create',
      '--workspace',
      a.workspace,
      '--email',
      digest('md5', email),
      '--ssn',
      ssn,
    ]);
    expect(recorded.code, recorded.stderr).toBe(0);
    // The stored row gave the SHA-256 and SHA1 of the address the request only knew by MD5.
    expect(JSON.parse(recorded.stdout)).toMatchObject({
      identifiers: { email: 1, ssn: 1 },
      tombstones: 4,
      deleted: { identifiers: 2, sessions: 1, sessionCalls: 1, emailCleartexts: 1 },
    });
    const refused = await verify({ emails: [digest('sha256', email)] }, { key: a.key });
    expect(refused.status).toBe(410);
    const bySsn = await verify(
      { email: uniqueEmail('other'), ssns: [ssn.replaceAll('-', '')] },
      { key: a.key },
    );
    expect(bySsn.status).toBe(410);
    expect(bySsn.body.detail).toContain('an SSN');
    const stored = await query<{ key_hash: string }>(
      'select key_hash from deletion_tombstones where request_id = $1',
      [JSON.parse(recorded.stdout).requestId],
    );
    expect(stored.map((t) => t.key_hash).join()).not.toContain(ssn.replaceAll('-', ''));
  });

  it('the CLI refuses bad input with a JSON error and a distinct exit code', async () => {
    const a = await newKey('verify');
    const none = await deletionsCli(['create', '--workspace', a.workspace]);
    expect(none.code).toBe(2);
    expect(JSON.parse(none.stderr)).toMatchObject({ error: 'USAGE' });
    const partial = await deletionsCli(['create', '--workspace', a.workspace, '--ssn', '6789']);
    expect(partial.code).toBe(1);
    expect(JSON.parse(partial.stderr)).toMatchObject({
      error: 'INVALID_INPUT',
      message: expect.stringMatching(/^--ssn #1: must be the full 9-digit SSN/),
    });
    const unknown = await deletionsCli([
      'create',
      '--workspace',
      `missing-${tag()}`,
      '--email',
      uniqueEmail('x'),
    ]);
    expect(unknown.code).toBe(1);
    expect(JSON.parse(unknown.stderr)).toMatchObject({ error: 'NOT_FOUND' });
  });
});

describe('POST /api/console/deletions', () => {
  /** A signed-in console member of the workspace. */
  const member = async (role: 'admin' | 'analyst', workspace: string) =>
    signedIn(await newUser(role, workspace));

  it('lets an admin record a deletion, refuses analysts, and reports field errors', async () => {
    const a = await newKey('verify');
    const email = uniqueEmail('console');
    expect((await verify({ email }, { key: a.key })).status).toBe(201);

    const analyst = await member('analyst', a.workspace);
    const forbidden = await analyst.json('/api/console/deletions', { emails: [email] });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.code).toBe('FORBIDDEN');
    expect((await verify({ email }, { key: a.key })).status).toBe(201);

    const admin = await member('admin', a.workspace);
    const invalid = await admin.json('/api/console/deletions', {
      emails: ['nope'],
      name: { given: 'A', family: 'B' },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.headers.get('content-type')).toBe('application/problem+json');
    expect(invalid.body.errors.map((e: { path: string }) => e.path)).toEqual(['name', 'emails.0']);

    const done = await admin.json('/api/console/deletions', { emails: [email] });
    expect(done.status).toBe(201);
    expect(done.body).toMatchObject({
      requestId: expect.stringMatching(/^del_/),
      identifiers: { email: 1 },
      tombstones: 3,
      deleted: { identifiers: 1, sessions: 2, sessionCalls: 2, emailCleartexts: 1, observations: 2 },
    });
    const [audit] = await query<{ actor: string }>(
      `select actor from audit_log where action = 'deletion.record' and target_id = $1`,
      [done.body.requestId],
    );
    expect(audit?.actor).toMatch(/^usr_/);
    expect((await verify({ email }, { key: a.key })).status).toBe(410);
  });
});
