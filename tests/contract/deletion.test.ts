// Data-subject deletion (docs/api/operations.md, "Data-subject deletion and 410"): an operator's
// erasure (`deletions erase`) erases every stored row of the person in every workspace and keeps
// keyed hashes only; Verify then answers 410 DATA_DELETED everywhere and stores nothing, feeds
// refuse the identifiers, Signals knows nothing. A workspace admin's deletion (console,
// `deletions create --workspace`) erases that workspace's contributions and sessions only.
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
  it('an operator erasure removes every row of the identifiers in every workspace, keeps keyed hashes, and refuses them afterwards', async () => {
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
    const joinedEmail = uniqueEmail('joined');
    const joined = await verify({ sessionId: created.body.sessionId, email: joinedEmail }, { key: a.key });
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
    // The person's other emails, in the same cluster through the phone and the joined session:
    // "every record linked to the person" (docs/api/operations.md) takes them too.
    const others = await query<{ id: string }>(
      `select id from identifiers where kind = 'email' and value = any($1) and person_id = (
         select person_id from identifiers where kind = 'email' and value = $2)`,
      [[digest('sha256', survivor), digest('sha256', joinedEmail)], digest('sha256', email)],
    );
    expect(others).toHaveLength(2);
    const everything = [...ids, ...others.map((r) => r.id)];
    const beforeAll = await referencingRows(everything, phone, sessionIds);

    const recorded = await deletionsCli([
      'erase',
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
      scope: 'everywhere',
      requestId: expect.stringMatching(/^del_/),
      identifiers: { email: 1, phone: 1, ssn: 0, profile: 1 },
      clusterIdentifiers: 2,
      // Three email forms (SHA-256, MD5, SHA1) of each of the three emails, the phone, the profile.
      tombstones: 11,
      // The name went too: unlinked, it was only this person's.
      deleted: beforeAll,
    });
    expect(await referencingRows(everything, phone, sessionIds)).toEqual(
      Object.fromEntries(Object.keys(before).map((k) => [k, 0])),
    );
    expect(
      await countRows('select 1 from identifiers where kind = $1 and md5 = $2', [
        'email',
        digest('md5', email),
      ]),
    ).toBe(0);

    // The unrelated session and the bystander stay; the person's other emails are refused too.
    expect(await countRows('select 1 from sessions where id = $1', [unrelated.body.sessionId])).toBe(1);
    expect(
      await countRows(`select 1 from identifiers where kind = 'email' and value = $1`, [
        digest('sha256', bystander),
      ]),
    ).toBe(1);

    // Only keyed hashes remain: no identifier in any form, in the tombstones or the audit log.
    const tombstones = await query<{
      key_hash: string;
      kind: string;
      scope: string;
      workspace_id: string | null;
    }>(
      'select key_hash, kind, scope, workspace_id from deletion_tombstones where request_id = $1 order by kind',
      [result.requestId],
    );
    expect(tombstones.map((t) => t.kind)).toEqual([...Array(9).fill('email'), 'phone', 'profile']);
    expect(
      tombstones.every(
        (t) => /^[0-9a-f]{64}$/.test(t.key_hash) && t.scope === '*' && t.workspace_id === null,
      ),
    ).toBe(true);
    const forms = [email, phone, handle, ...['md5', 'sha1', 'sha256'].map((alg) => digest(alg, email))];
    const stored = JSON.stringify(tombstones);
    // Audited in each workspace it touched, with that workspace's counts.
    const audits = await query<{
      workspace_id: string;
      actor: string;
      metadata: { deleted: Record<string, number> };
    }>(
      `select workspace_id, actor, metadata from audit_log where action = 'deletion.erase_everywhere' and target_id = $1`,
      [result.requestId],
    );
    expect(audits.map((a) => a.workspace_id).sort()).toEqual([wsA, wsB].sort());
    for (const audit of audits) expect(audit.actor).toBe('cli');
    const auditOf = (ws: string) => audits.find((a) => a.workspace_id === ws)?.metadata.deleted;
    expect(auditOf(wsA)).toMatchObject({ sessions: 1, sessionCalls: 2, breaches: 1, phoneRecords: 1 });
    expect(auditOf(wsB)).toMatchObject({ sessions: 1, sessionCalls: 1, breaches: 0, emailCleartexts: 1 });
    for (const form of forms) {
      expect(stored).not.toContain(form.replace('+', ''));
      expect(JSON.stringify(audits)).not.toContain(form.replace('+', ''));
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
    // An operator's erasure is global: the tombstone holds in B too.
    const footprintB = await workspaceFootprint(wsB);
    const inB = await verify({ email: email.toUpperCase() }, { key: b.key });
    expect(inB.status).toBe(410);
    expect(inB.body.detail).toContain('an email');
    expect(await workspaceFootprint(wsB)).toEqual(footprintB);

    const viaCluster = await verify({ email: survivor }, { key: b.key });
    expect(viaCluster.status).toBe(410);
    // Without a deleted identifier Verify works as before.
    const fine = await verify({ emails: [bystander, uniqueEmail('fresh')] }, { key: a.key });
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

    // Running the same erasure again is harmless: nothing left to erase, no new tombstone.
    const again = await deletionsCli(['erase', '--email', digest('md5', email)]);
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

describe('erasure reach across workspaces', () => {
  const admin = async (workspace: string) => signedIn(await newUser('admin', workspace));
  const emailId = async (email: string) =>
    (
      await query<{ id: string }>(`select id from identifiers where kind = 'email' and value = $1`, [
        digest('sha256', email),
      ])
    )[0]?.id;

  it("a workspace admin erases only that workspace's contributions and sessions; other workspaces keep theirs", async () => {
    const one = await newKey('verify,signals,ingest');
    const two = await newKey('verify,signals,ingest');
    const ws1 = await workspaceId(one.workspace);
    const ws2 = await workspaceId(two.workspace);
    const email = uniqueEmail('shared');
    const onlyTwo = uniqueEmail('only-two');
    const phone = uniquePhone();
    const recent = Date.now() - 30 * 24 * HOUR;
    const old = Date.now() - 3 * 365 * 24 * HOUR;

    // W1 knows the person: events, a breach, a Verify session.
    expect(
      (
        await call('/api/events', {
          key: one.key,
          body: [{ type: 'signup', observedAt: recent, source: 'shop', email, phone, country: 'US' }],
        })
      ).body,
    ).toMatchObject({ accepted: 1 });
    expect(
      (
        await call('/api/records', {
          key: one.key,
          body: [{ kind: 'breach', breach: 'OneLeak', breachedAt: '2024-05-01', email }],
        })
      ).body,
    ).toMatchObject({ accepted: 1 });
    const w1Session = await verify({ email, phone }, { key: one.key });
    expect(w1Session.status).toBe(201);
    const id = await emailId(email);
    const [w1Seen] = await query<{
      first_seen_at: Date;
      last_seen_at: Date;
      observations: number;
      countries: string[];
    }>('select first_seen_at, last_seen_at, observations, countries from identifiers where id = $1', [id]);
    const [w1Link] = await query<{ sources: number }>(
      `select l.sources from identifier_links l join identifiers p on p.kind = 'phone' and p.value = $2
       where (l.a_id = $1 and l.b_id = p.id) or (l.b_id = $1 and l.a_id = p.id)`,
      [id, phone],
    );

    // W2 teaches the graph an older sighting from another country, its own records and sessions.
    expect(
      (
        await call('/api/events', {
          key: two.key,
          body: [
            { type: 'visitor', observedAt: old, source: 'feed-a', email, phone, country: 'FR' },
            { type: 'click', observedAt: old, source: 'feed-b', email, phone: uniquePhone() },
          ],
        })
      ).body,
    ).toMatchObject({ accepted: 2 });
    expect(
      (
        await call('/api/records', {
          key: two.key,
          body: [
            { kind: 'breach', breach: 'TwoLeak', breachedAt: '2023-01-01', email },
            { kind: 'phone', phone, lineType: 'VOIP', carrier: 'Two Tel', observedAt: old },
          ],
        })
      ).body,
    ).toMatchObject({ accepted: 2 });
    const w2Session = await verify({ email, phone }, { key: two.key });
    expect(w2Session.status).toBe(201);
    expect((await verify({ email: onlyTwo }, { key: two.key })).status).toBe(201);
    const [moved] = await query<{ first_seen_at: Date }>(
      'select first_seen_at from identifiers where id = $1',
      [id],
    );
    expect(moved?.first_seen_at.getTime()).toBeLessThan(w1Seen?.first_seen_at.getTime() ?? 0);

    const done = await (await admin(two.workspace)).json('/api/console/deletions', {
      emails: [email, onlyTwo],
      phones: [phone],
    });
    expect(done.status).toBe(201);
    expect(done.body).toMatchObject({
      scope: 'workspace',
      deleted: { sessions: 2, breaches: 1, phoneRecords: 1 },
    });

    // W2's contributions and sessions are gone; the identifier only W2 knew is gone entirely.
    const rowsOf = async (ws: string) => ({
      observations: await countRows(
        'select 1 from observations where identifier_id = $1 and workspace_id = $2',
        [id, ws],
      ),
      breaches: await countRows('select 1 from breaches where identifier_id = $1 and workspace_id = $2', [
        id,
        ws,
      ]),
      phoneRecords: await countRows('select 1 from phone_records where phone = $1 and workspace_id = $2', [
        phone,
        ws,
      ]),
      linkSources: await countRows(
        'select 1 from link_sources where (a_id = $1 or b_id = $1) and workspace_id = $2',
        [id, ws],
      ),
      cleartexts: await countRows(
        'select 1 from email_cleartexts where identifier_id = $1 and workspace_id = $2',
        [id, ws],
      ),
      sessions: await countRows('select 1 from sessions where workspace_id = $1', [ws]),
      // What the workspace's own view of the graph is read from (provenance).
      contributions: await countRows(
        'select 1 from identifier_contributions where identifier_id = $1 and workspace_id = $2',
        [id, ws],
      ),
    });
    expect(await rowsOf(ws2)).toEqual({
      observations: 0,
      breaches: 0,
      phoneRecords: 0,
      linkSources: 0,
      cleartexts: 0,
      sessions: 0,
      contributions: 0,
    });
    expect(
      await countRows(`select 1 from identifiers where kind = 'email' and value = $1`, [
        digest('sha256', onlyTwo),
      ]),
    ).toBe(0);
    // W1's are intact: its sighting, breach, link, cleartext and session.
    expect(await rowsOf(ws1)).toEqual({
      observations: 2,
      breaches: 1,
      phoneRecords: 0,
      linkSources: 2,
      cleartexts: 1,
      sessions: 1,
      contributions: 1,
    });
    expect(
      await countRows('select 1 from session_calls where session_id = $1', [w1Session.body.sessionId]),
    ).toBe(1);
    // The shared aggregates are back to what W1 alone contributed.
    const [after] = await query<{
      first_seen_at: Date;
      last_seen_at: Date;
      observations: number;
      countries: string[];
    }>('select first_seen_at, last_seen_at, observations, countries from identifiers where id = $1', [id]);
    expect(after).toEqual(w1Seen);
    const [afterLink] = await query<{ sources: number }>(
      `select l.sources from identifier_links l join identifiers p on p.kind = 'phone' and p.value = $2
       where (l.a_id = $1 and l.b_id = p.id) or (l.b_id = $1 and l.a_id = p.id)`,
      [id, phone],
    );
    expect(afterLink).toEqual(w1Link);

    // W1 still verifies the person (a new session, not a 410); W2 is refused and stores nothing.
    expect((await verify({ email, phone }, { key: one.key })).status).toBe(201);
    expect((await signals({ email }, { key: one.key })).status).toBe(200);
    const footprint = await workspaceFootprint(ws2);
    const refused = await verify({ email }, { key: two.key });
    expect(refused.status).toBe(410);
    expect(refused.body.code).toBe('DATA_DELETED');
    const refusedFeed = await call('/api/events', {
      key: two.key,
      body: [{ type: 'visitor', observedAt: recent, source: 'feed-a', phone }],
    });
    expect(refusedFeed.body.rejected.map((r: { code: string }) => r.code)).toEqual(['DATA_DELETED']);
    expect(await workspaceFootprint(ws2)).toEqual(footprint);
    // Audited in W2 only; the tombstones are W2's own.
    const audits = await query<{ workspace_id: string }>(
      'select workspace_id from audit_log where target_id = $1',
      [done.body.requestId],
    );
    expect(audits).toEqual([{ workspace_id: ws2 }]);
    const scopes = await query<{ scope: string }>(
      'select distinct scope from deletion_tombstones where request_id = $1',
      [done.body.requestId],
    );
    expect(scopes).toEqual([{ scope: ws2 }]);
  });

  it("after a workspace's erasure, a shared link is dated by the other workspace's sightings of the pair", async () => {
    const keeper = await newKey('verify,signals,ingest');
    const eraser = await newKey('verify,signals,ingest');
    const email = uniqueEmail('link-dates');
    const phone = uniquePhone();
    const DAY = 24 * HOUR;
    const [yearAgo, tenDaysAgo, threeYearsAgo] = [365, 10, 3 * 365].map((days) => Date.now() - days * DAY);
    // The keeper saw each alone a year ago, and the two together ten days ago.
    const kept = await call('/api/events', {
      key: keeper.key,
      body: [
        { type: 'visitor', observedAt: yearAgo, source: 'web', email },
        { type: 'visitor', observedAt: yearAgo, source: 'web', phone },
        { type: 'signup', observedAt: tenDaysAgo, source: 'web', email, phone },
      ],
    });
    expect(kept.body).toMatchObject({ accepted: 3 });
    // The eraser saw them together three years ago.
    const erased = await call('/api/events', {
      key: eraser.key,
      body: [{ type: 'signup', observedAt: threeYearsAgo, source: 'shop', email, phone }],
    });
    expect(erased.body).toMatchObject({ accepted: 1 });
    const link = async () =>
      (
        await query<{ first_seen_at: Date; last_seen_at: Date; sources: number }>(
          `select l.first_seen_at, l.last_seen_at, l.sources from identifier_links l
           join identifiers e on e.kind = 'email' and e.value = $1
           join identifiers p on p.kind = 'phone' and p.value = $2
           where (l.a_id, l.b_id) in ((e.id, p.id), (p.id, e.id))`,
          [digest('sha256', email), phone],
        )
      )[0];
    expect((await link())?.first_seen_at.getTime()).toBe(threeYearsAgo);

    const done = await (await admin(eraser.workspace)).json('/api/console/deletions', { emails: [email] });
    expect(done.status).toBe(201);
    const after = await link();
    expect(after?.sources).toBe(1);
    expect(after?.first_seen_at.getTime()).toBe(tenDaysAgo);
    expect(after?.last_seen_at.getTime()).toBe(tenDaysAgo);
  });

  it("after the retention dropped old sightings, a workspace's erasure recomputes from what the others contributed", async () => {
    const keeper = await newKey('verify,signals,ingest');
    const eraser = await newKey('verify,signals,ingest');
    const DAY = 24 * HOUR;
    const ago = (days: number) => Date.now() - days * DAY;
    const twentyMonths = ago(610);
    const eighteenMonths = ago(550);
    const tenDays = ago(10);
    const fiveDays = ago(5);
    const email = uniqueEmail('retained');
    const lone = uniqueEmail('retained-lone');
    const sighting = (observedAt: number, address: string, country: string) => ({
      type: 'visitor',
      observedAt,
      source: 'web',
      email: address,
      country,
    });
    const send = async (key: string, body: object[]) =>
      expect((await call('/api/events', { key, body })).body).toMatchObject({ accepted: body.length });
    await send(keeper.key, [
      sighting(twentyMonths, email, 'FR'),
      sighting(tenDays, email, 'DE'),
      sighting(twentyMonths, lone, 'FR'),
    ]);
    await send(eraser.key, [
      sighting(eighteenMonths, email, 'FR'),
      sighting(fiveDays, email, 'IT'),
      sighting(fiveDays, lone, 'IT'),
    ]);
    const ids = [await emailId(email), await emailId(lone)];
    // What the retention does to sightings more than 13 months old (the maintenance drops their
    // monthly partitions; tests/contract/observation-partitions.test.ts): their rollups stay.
    await query('delete from observations where identifier_id = any($1) and observed_at < $2', [
      ids,
      new Date(ago(400)),
    ]);

    const done = await (await admin(eraser.workspace)).json('/api/console/deletions', {
      emails: [email, lone],
    });
    expect(done.status).toBe(201);
    const row = async (id: string | undefined) =>
      (
        await query<{ first_seen_at: Date; last_seen_at: Date; observations: number; countries: string[] }>(
          'select first_seen_at, last_seen_at, observations, countries from identifiers where id = $1',
          [id],
        )
      )[0];
    // What the keeper contributed, as if the eraser had never sent anything.
    const both = await row(ids[0]);
    expect(both?.first_seen_at.getTime()).toBe(twentyMonths);
    expect(both?.last_seen_at.getTime()).toBe(tenDays);
    expect(both?.observations).toBe(2);
    expect([...(both?.countries ?? [])].sort()).toEqual(['DE', 'FR']);
    const alone = await row(ids[1]);
    expect(alone?.first_seen_at.getTime()).toBe(twentyMonths);
    expect(alone?.last_seen_at.getTime()).toBe(twentyMonths);
    expect(alone?.observations).toBe(1);
    expect(alone?.countries).toEqual(['FR']);
  });

  it("an operator erasure reaches the person's other identifiers in every workspace and audits in each", async () => {
    const one = await newKey('verify,signals,ingest');
    const two = await newKey('verify,signals,ingest');
    const three = await newKey('verify,signals');
    const [ws1, ws2] = await Promise.all([one, two].map((k) => workspaceId(k.workspace)));
    const email = uniqueEmail('person');
    const other = uniqueEmail('person-other');
    const phone = uniquePhone();
    const at = Date.now() - 5 * 24 * HOUR;
    // W1 links the email and the phone, W2 the phone and another email: one person, two workspaces.
    await call('/api/events', {
      key: one.key,
      body: [{ type: 'signup', observedAt: at, source: 's', email, phone }],
    });
    await call('/api/events', {
      key: two.key,
      body: [{ type: 'signup', observedAt: at, source: 's', email: other, phone }],
    });
    expect((await verify({ email }, { key: one.key })).status).toBe(201);
    expect((await verify({ email: other }, { key: two.key })).status).toBe(201);
    const ids = [await emailId(email), await emailId(other)];

    const erased = await deletionsCli(['erase', '--email', email]);
    expect(erased.code, erased.stderr).toBe(0);
    const result = JSON.parse(erased.stdout);
    expect(result).toMatchObject({
      scope: 'everywhere',
      identifiers: { email: 1 },
      clusterIdentifiers: 2,
      workspaces: 2,
      deleted: { identifiers: 3, sessions: 2 },
    });
    expect(await countRows('select 1 from identifiers where id = any($1)', [ids])).toBe(0);
    expect(await countRows('select 1 from sessions where workspace_id = any($1)', [[ws1, ws2]])).toBe(0);
    const audits = await query<{ workspace_id: string; metadata: { deleted: { sessions: number } } }>(
      `select workspace_id, metadata from audit_log where action = 'deletion.erase_everywhere' and target_id = $1`,
      [result.requestId],
    );
    expect(audits.map((a) => [a.workspace_id, a.metadata.deleted.sessions]).sort()).toEqual(
      [
        [ws1, 1],
        [ws2, 1],
      ].sort(),
    );
    // Every workspace is refused, one that never saw the person included.
    for (const [key, body] of [
      [one.key, { email }],
      [two.key, { email: other }],
      [three.key, { phone }],
    ] as const) {
      expect((await verify(body, { key })).status).toBe(410);
    }
  });

  it('a big operator erasure runs in short transactions while other workspaces keep verifying', async () => {
    const person = await newKey('verify');
    const bystander = await newKey('verify');
    const email = uniqueEmail('busy');
    const first = await verify({ email }, { key: person.key });
    expect(first.status).toBe(201);
    expect((await verify({ sessionId: first.body.sessionId, email }, { key: person.key })).status).toBe(200);
    // 1,500 more sessions of the person with two calls each (copies of the real sealed session).
    const tag = `bulk${Date.now().toString(36)}`;
    await query(
      `insert into sessions (id, workspace_id, identifiers_sealed, calls, last_risk, created_at, updated_at)
       select 'ses_' || $2 || g, s.workspace_id, s.identifiers_sealed, 2, s.last_risk, s.created_at, s.updated_at
       from sessions s, generate_series(1, 1500) g where s.id = $1`,
      [first.body.sessionId, tag],
    );
    await query(
      `insert into session_calls (id, session_id, workspace_id, status, risk, input_summary, checks, request_id, policy_version, created_at)
       select 'cal_' || $2 || g || '_' || c.id, 'ses_' || $2 || g, c.workspace_id, c.status, c.risk, c.input_summary, c.checks, c.request_id, c.policy_version, c.created_at
       from session_calls c, generate_series(1, 1500) g where c.session_id = $1`,
      [first.body.sessionId, tag],
    );
    expect(await countRows('select 1 from session_calls where session_id like $1', [`ses_${tag}%`])).toBe(
      3000,
    );

    let running = true;
    const statuses: number[] = [];
    const meanwhile = (async () => {
      while (running)
        statuses.push((await verify({ email: uniqueEmail('meanwhile') }, { key: bystander.key })).status);
    })();
    const erased = await deletionsCli(['erase', '--email', email]);
    running = false;
    await meanwhile;
    expect(erased.code, erased.stderr).toBe(0);
    const result = JSON.parse(erased.stdout);
    expect(result.deleted).toMatchObject({ sessions: 1501, sessionCalls: 3002 });
    // The tombstones, at least six batches of sessions (300 read per transaction), the graph.
    expect(result.transactions).toBeGreaterThanOrEqual(8);
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.filter((s) => s !== 201)).toEqual([]);
    expect(await countRows('select 1 from sessions where id like $1', [`ses_${tag}%`])).toBe(0);
  });
});
