// No personal data at rest in the clear (issue 11, findings 3 and 6): the whole API is driven with
// one person's SSN, phone and birthday, API keys are made and the console admin signs in; then every
// row of every table and the server's log are read back, and none holds a full SSN, the SSN's area
// beside its last four, the birthday, the full phone, an API key or the console password.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { parseAdminCredentials } from '../../scripts/support/launch-server';
import { ConsoleClient, newUser } from './console-session';
import { call, cli, newKey, query, signals, unique, verify } from './support';

// The SSN; a phone and birthday no other test uses.
const SSN = { dashed: '536-22-8412', digits: '536228412', spaced: '536 22 8412', area: '536', last4: '8412' };
const PHONE = {
  e164: '+12065550148',
  national: '2065550148',
  dashed: '206-555-0148',
  raw: '+1 (206) 555-0148',
};
const BIRTHDAY = '1984-07-19';
const SECOND_PHONE = { e164: '+12065550163', national: '2065550163', raw: '206.555.0163' };

const person = (email: string) => ({
  emails: [email],
  phones: [PHONE.raw],
  ssns: [SSN.dashed],
  birthday: BIRTHDAY,
  name: { given: 'Marguerite', family: 'Okonkwo-Lindqvist' },
  location: {
    addressLine1: '1407 Alder Crest Ln',
    city: 'Tacoma',
    regionCode: 'WA',
    postalCode: '98402',
    countryCode: 'US',
  },
  ipAddress: '203.0.113.58',
});

// A token standing alone (not inside a hash or another number).
const alone = (token: string) => new RegExp(`(?<![0-9A-Za-z])${token}(?![0-9A-Za-z])`);

/** What a stored row or log line must never hold; the names say which rule it breaks. */
function leaks(text: string, secrets: { keys: string[]; passwords: string[] }): string[] {
  const found: string[] = [];
  for (const form of [SSN.dashed, SSN.digits, SSN.spaced])
    if (text.includes(form)) found.push(`full SSN ${form}`);
  if (alone(SSN.area).test(text) && alone(SSN.last4).test(text)) found.push('SSN area beside its last four');
  if (text.includes(BIRTHDAY)) found.push('birthday');
  for (const form of [PHONE.e164, PHONE.national, PHONE.dashed, SECOND_PHONE.e164, SECOND_PHONE.national]) {
    if (text.includes(form)) found.push(`full phone ${form}`);
  }
  for (const key of secrets.keys) if (text.includes(key)) found.push('an API key');
  if (secrets.passwords.some((password) => text.includes(password))) found.push('a console password');
  return found;
}

async function everyRow(): Promise<{ table: string; row: string }[]> {
  const tables = await query<{ name: string }>(
    "select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1",
  );
  const rows: { table: string; row: string }[] = [];
  for (const { name } of tables) {
    // The whole row as text: every text, jsonb and array column at once.
    const found = await query<{ row: string }>(`select t::text as row from "${name}" t`);
    for (const { row } of found) rows.push({ table: name, row });
  }
  return rows;
}

// The identity graph keys a phone by its E.164 form (lib/db/schema/identifiers.ts) and Signals
// returns it: these rows hold the phone by design, and nothing else of the person.
const GRAPH_PHONE_KEYS = new Set(['identifiers', 'phone_records']);

// Any API key, as a token of its own: `vty_` and the base58 of 32 bytes (lib/services/keys). Not
// inside a longer base64url run: sealed columns are base64url ciphertext, in which `vty_` and 20
// base58 characters turn up by chance about once in 150 MB.
const ANY_KEY = /(?<![\w-])vty_[1-9A-HJ-NP-Za-km-z]{40,}(?![\w-])/;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('no personal data at rest in the clear', () => {
  // The SSA tables, so Verify dates the SSN and names its area and group (the finding's case).
  beforeAll(async () => {
    const imported = await cli('scripts/lists.ts', ['import', 'reference-data/ssn']);
    expect(imported.code, imported.stderr).toBe(0);
    for (let i = 0; i < 10; i += 1) {
      const health = await call('/api/health', { method: 'GET', key: null });
      if (health.body.lists.some((l: { category: string }) => l.category === 'ssa-high-group')) break;
      await sleep(1_000);
    }
    // The reference cache refreshes every few seconds (as tests/contract/ssa-lists.test.ts waits).
    await sleep(2_500);
  });
  afterAll(async () => {
    await query("DELETE FROM reference_lists WHERE category LIKE 'ssa-%'");
    await sleep(2_500);
  });

  it('after every route, no table and no log line holds a full SSN, the area beside the last four, the birthday, the full phone, a key or the password', async () => {
    const started = inject('startupOutput');
    const admin = parseAdminCredentials(started);
    expect(admin?.password, 'the launcher prints the first admin').toBeTruthy();
    // The console part signs in as an admin of a workspace of its own, so the demo workspace
    // keeps only what the start made (startup-and-logs counts its keys and audit rows).
    const owner = await newUser('admin');
    const passwords = [admin?.password ?? '', owner.password];
    const keys: string[] = [inject('demoKey')];
    const a = await newKey('verify,signals,ingest');
    const b = await newKey('verify,signals,ingest');
    keys.push(a.key, b.key);

    // Verify in two workspaces, with every identifier, then a join adding another phone.
    const first = await verify(person(`${unique('pii')}@example.com`), { key: a.key });
    expect(first.status, first.text).toBe(201);
    // The answer goes back to its caller with the caller's own data (docs/api: checks describe the input).
    expect(first.text).toMatch(/area 536/i);
    const joined = await verify(
      { sessionId: first.body.sessionId, phones: [SECOND_PHONE.raw], ssns: [SSN.digits] },
      { key: a.key },
    );
    expect(joined.status, joined.text).toBe(200);
    const other = await verify(
      { ...person(`${unique('pii')}@example.com`), ssns: [SSN.digits] },
      { key: b.key },
    );
    expect(other.status, other.text).toBe(201);
    const found = await signals(
      { phones: [PHONE.e164], ssns: [SSN.dashed], birthday: BIRTHDAY },
      { key: a.key },
    );
    expect(found.status, found.text).toBe(200);

    // Feeds with the same SSN and phones.
    const observedAt = new Date(Date.now() - 86_400_000).toISOString();
    const events = await call('/api/events', {
      key: a.key,
      body: [
        {
          id: unique('evt'),
          type: 'signup',
          observedAt,
          source: 'web',
          ...person(`${unique('pii')}@example.com`),
        },
      ],
    });
    expect(events.status, events.text).toBe(202);
    const records = await call('/api/records', {
      key: a.key,
      body: [
        {
          kind: 'breach',
          breach: unique('Breach'),
          breachedAt: '2019-01-07',
          phones: [PHONE.e164],
          ssns: [SSN.dashed],
        },
        {
          kind: 'phone',
          phone: PHONE.e164,
          lineType: 'MOBILE',
          carrier: 'Example Wireless',
          observedAt: '2026-06-01',
        },
      ],
    });
    expect(records.status, records.text).toBe(202);

    // A call Postgres may refuse (a lone surrogate in a name): whatever it answers, the log must
    // not carry the statement's parameters.
    const rawBody = JSON.stringify(person(`${unique('pii')}@example.com`)).replace(
      'Okonkwo-Lindqvist',
      'Okonkwo\\ud800',
    );
    await call('/api/verify', { key: a.key, rawBody });

    // The console: an admin signs in, verifies, reads the session page and makes a key.
    const client = new ConsoleClient();
    const signIn = await client.signIn(owner.email, owner.password);
    expect(signIn.status).toBe(302);
    const consoleVerify = await client.json('/api/console/verify', person(`${unique('pii')}@example.com`));
    expect(consoleVerify.status, consoleVerify.text).toBe(201);
    const page = await client.json(`/api/console/sessions/${consoleVerify.body.sessionId}`);
    expect(page.status, page.text).toBe(200);
    expect.soft(leaks(page.text, { keys, passwords }), 'the console session page').toEqual([]);
    const created = await client.json('/api/console/keys', { name: 'pii', scopes: ['verify'] });
    expect(created.status, created.text).toBe(201);
    const createdKey = JSON.stringify(created.body).match(/vty_[1-9A-HJ-NP-Za-km-z]+/)?.[0];
    expect(createdKey).toBeTruthy();
    keys.push(createdKey ?? '');
    await new Promise((r) => setTimeout(r, 300));

    const stored: string[] = [];
    for (const { table, row } of await everyRow()) {
      const graphPhone = GRAPH_PHONE_KEYS.has(table);
      for (const leak of leaks(row, { keys, passwords })) {
        if (graphPhone && leak.startsWith('full phone')) continue;
        stored.push(`${table}: ${leak}: ${row.slice(0, 400)}`);
      }
      const at = row.search(ANY_KEY);
      if (at >= 0) stored.push(`${table}: an API key: …${row.slice(Math.max(0, at - 60), at + 100)}`);
    }
    expect.soft(stored, 'stored rows').toEqual([]);

    // The log: the launcher's banner prints the demo key and the first admin's password once, on
    // purpose; everything after it holds none of them, nor any personal data.
    const log = readFileSync(path.join(inject('dataDir'), 'server.log'), 'utf8');
    expect(log.startsWith(started)).toBe(true);
    const lines = log.slice(started.length).split('\n');
    const logged = lines.flatMap((line) =>
      leaks(line, { keys, passwords }).map((leak) => `${leak}: ${line.slice(0, 400)}`),
    );
    expect.soft(logged, 'the server log').toEqual([]);
  });
});

describe('the data migration of calls stored before masking', () => {
  // Descriptions as Verify stored them until issue 11, written out here (not by the engine).
  const legacy = [
    {
      id: 'SYNTHETIC_SSN_ISSUE_DATE',
      before:
        "Group 22 comes before area 536's highest group 24 on the SSA list of 2011-06-24 (area 536: Washington): issued by 2011-06-24 at the latest.",
      after:
        "Group *** comes before area ***'s highest group *** on the SSA list of 2011-06-24: issued by 2011-06-24 at the latest.",
    },
    {
      id: 'SYNTHETIC_SSN_BEFORE_BIRTH',
      before:
        'The SSN was issued by 2011-06-24 at the latest, after the birthday 1984-07-19 or on an unknown earlier date.',
      after:
        'The SSN was issued by 2011-06-24 at the latest, after the birthday 1984-**-** or on an unknown earlier date.',
    },
    {
      id: 'SYNTHETIC_SSN_INVALID',
      before: '536-22-8412 is a published sample or advertising number, never valid for a person.',
      after: '***-**-**** is a published sample or advertising number, never valid for a person.',
    },
    {
      id: 'PHONE_LOCATION_MISMATCH',
      before: '+12065550148 has area code 206 of Washington (WA); the location given is in Oregon (OR).',
      after: '+1******0148 has area code 206 of Washington (WA); the location given is in Oregon (OR).',
    },
    {
      id: 'SYNTHETIC_AGE_MISMATCH',
      before: 'First seen 1996-01-02 (the earliest sighting), when someone born on 1984-07-19 was 11.',
      after: 'First seen 1996-01-02 (the earliest sighting), when someone born on 1984-**-** was 11.',
    },
  ];

  it('rewrites stored descriptions as Verify now stores them, and leaves states and risks alone', async () => {
    const [workspace] = await query<{ id: string }>("select id from workspaces where name = 'demo'");
    const sessionId = `ses_${unique('legacy').replace(/[^A-Za-z0-9]/g, '')}`;
    const callId = `call_${unique('legacy').replace(/[^A-Za-z0-9]/g, '')}`;
    const checks = legacy.map(({ id, before }) => ({
      id,
      state: 'TRUE',
      name: id,
      description: before,
      risk: 'HIGH',
      checkPackage: 'synthetic',
    }));
    await query(
      'insert into sessions (id, workspace_id, identifiers_sealed, last_risk) values ($1, $2, $3, 0.5)',
      [sessionId, workspace?.id, 'v1.legacy'],
    );
    await query(
      `insert into session_calls (id, session_id, workspace_id, status, risk, input_summary, checks, request_id)
       values ($1, $2, $3, 201, 0.5, '{}'::jsonb, $4::jsonb, 'req_legacy')`,
      [callId, sessionId, workspace?.id, JSON.stringify(checks)],
    );
    const migration = readFileSync(
      path.join(process.cwd(), 'drizzle', '0012_mask-stored-check-descriptions.sql'),
      'utf8',
    );
    for (const statement of migration.split('--> statement-breakpoint')) await query(statement);
    const [stored] = await query<{
      checks: { id: string; state: string; risk: string; description: string }[];
    }>('select checks from session_calls where id = $1', [callId]);
    await query('delete from sessions where id = $1', [sessionId]);
    expect(stored?.checks.map(({ id, description }) => ({ id, description }))).toEqual(
      legacy.map(({ id, after }) => ({ id, description: after })),
    );
    expect(stored?.checks.every((c) => c.state === 'TRUE' && c.risk === 'HIGH')).toBe(true);
  });
});
