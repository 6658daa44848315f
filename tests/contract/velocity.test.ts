// Velocity (issue 30 item 3, issue 35 item 1): a fraud ring sends eight applications within
// minutes, fresh names and emails sharing one phone, IP address, street address or SSN. The first is NORMAL,
// the third on BURST, with the count and the other sessions in the description; a distinct
// applicant stays NORMAL and one person sending twice is one identity. Then, on the database: the
// console's calls are not counted, and the read costs the same at 10 and at 5,000 sharers.
import { drizzle } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, describe, expect, it } from 'vitest';
import { createPool, type Database } from '@/lib/db/client';
import * as schema from '@/lib/db/schema';
import type { Check } from '@/lib/engine/types';
import { recordDeletion } from '@/lib/services/deletion';
import { parseDeletionRequest } from '@/lib/services/deletion/request';
import { type KeyedHub, readVelocity, velocityReadQuery, writeVelocity } from '@/lib/services/velocity';
import { verify as verifyService } from '@/lib/services/verify';
import { parsed, workspaceOfNewKey } from './service-calls';
import { appConnectionUrl, query, unique, verify } from './support';
import { uniquePhone, uniqueSsn } from './unique-identifiers';

const letters = (n: number) =>
  Array.from({ length: n }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

const uniqueAddress = () => ({
  addressLine1: `${100 + Math.floor(Math.random() * 9000)} ${letters(8)} Street`,
  city: 'Springfield',
  regionCode: 'IL',
  postalCode: '62701',
  countryCode: 'US',
});

const GIVEN = ['Alice', 'Bruno', 'Chloe', 'Dmitri', 'Elena', 'Farid', 'Greta', 'Hugo'];
/** A fresh applicant: a name and an email nobody else sends. */
const fresh = (i: number) => {
  const family = `Q${letters(9)}`;
  return {
    name: { given: GIVEN[i % GIVEN.length] ?? 'Ivan', family },
    emails: [`${family}.${letters(6)}@example.com`],
  };
};

type CheckBody = Pick<Check, 'id' | 'state' | 'risk' | 'description'>;

async function checksOf(body: unknown): Promise<{ sessionId: string; checks: Record<string, CheckBody> }> {
  const response = await verify(body);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return {
    sessionId: response.body.sessionId as string,
    checks: Object.fromEntries((response.body.checks as CheckBody[]).map((c) => [c.id, c])),
  };
}

/** Eight applications one after the other, each with `shared` and a fresh name and email. */
async function ring(shared: object, id: string): Promise<{ sessions: string[]; checks: CheckBody[] }> {
  const sessions: string[] = [];
  const checks: CheckBody[] = [];
  for (let i = 0; i < 8; i++) {
    const answer = await checksOf({ ...shared, ...fresh(i) });
    sessions.push(answer.sessionId);
    const check = answer.checks[id];
    if (!check) throw new Error(`no ${id}`);
    checks.push(check);
  }
  return { sessions, checks };
}

function expectRing(
  { sessions, checks }: { sessions: string[]; checks: CheckBody[] },
  noun: string,
  second: string,
  third: string,
): void {
  expect(checks[0]).toMatchObject({ state: 'NORMAL', risk: 'NONE' });
  expect(checks[0]?.description).toBe(`No other identity used this ${noun} in the last 30 days.`);
  expect(checks[1]?.state).toBe(second);
  expect(checks.slice(2).map((c) => c.state)).toEqual(Array(6).fill('BURST'));
  expect(checks[2]?.risk).toBe('HIGH');
  expect(checks[2]?.description).toBe(
    `2 other identities used this ${noun} in ${third}${third === 'the last 30 days' ? '' : ' (2 in the last 30 days)'}. ` +
      `Their most recent sessions: ${sessions[1]}, ${sessions[0]}.`,
  );
  // The eighth: seven others, the five most recent named, newest first.
  expect(checks[7]?.description).toContain(`7 other identities used this ${noun}`);
  expect(checks[7]?.description).toContain(
    `Their most recent sessions: ${sessions.slice(2, 7).reverse().join(', ')}.`,
  );
}

describe('fraud rings', () => {
  it('eight applications sharing one phone: the first NORMAL, the second ELEVATED, the third on BURST', async () => {
    expectRing(
      await ring({ phones: [uniquePhone()] }, 'VELOCITY_PHONE'),
      'phone',
      'ELEVATED',
      'the last day',
    );
  });

  it('sharing one street address: one other resident is NORMAL, the third applicant within the hour BURST', async () => {
    expectRing(
      await ring({ location: uniqueAddress() }, 'VELOCITY_ADDRESS'),
      'street address',
      'NORMAL',
      'the last hour',
    );
  });

  it('sharing one SSN: the first NORMAL, the third on BURST', async () => {
    expectRing(await ring({ ssns: [uniqueSsn()] }, 'VELOCITY_SSN'), 'SSN', 'ELEVATED', 'the last day');
  });

  // Issue 30: an IP ring's third application within minutes passed as NORMAL (three others a day needed).
  it('sharing one IP address: two others within the hour ELEVATED [MED], five BURST', async () => {
    const ip = `100.${64 + Math.floor(Math.random() * 64)}.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;
    const { sessions, checks } = await ring({ ipAddress: ip }, 'VELOCITY_IP');
    expect(checks.slice(0, 2).map((c) => c.state)).toEqual(['NORMAL', 'NORMAL']);
    expect(checks[2]).toMatchObject({ state: 'ELEVATED', risk: 'MED' });
    expect(checks[2]?.description).toBe(
      `2 other identities used this IP address in the last hour (2 in the last 30 days). Their most recent sessions: ${sessions[1]}, ${sessions[0]}.`,
    );
    expect(checks.slice(3, 5).map((c) => c.state)).toEqual(['ELEVATED', 'ELEVATED']);
    expect(checks.slice(5).map((c) => c.state)).toEqual(['BURST', 'BURST', 'BURST']);
    expect(checks[5]?.risk).toBe('MED');
  });

  it('a distinct applicant is NORMAL on every hub it names, NONE on the others', async () => {
    const { checks } = await checksOf({
      ...fresh(0),
      phones: [uniquePhone()],
      ssns: [uniqueSsn()],
      location: uniqueAddress(),
      ipAddress: `100.${64 + Math.floor(Math.random() * 64)}.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`,
    });
    for (const id of [
      'VELOCITY_PHONE',
      'VELOCITY_IP',
      'VELOCITY_ADDRESS',
      'VELOCITY_SSN',
      'VELOCITY_EMAIL',
    ]) {
      expect(checks[id], id).toMatchObject({ state: 'NORMAL', risk: 'NONE' });
    }
    const phoneOnly = await checksOf({ phones: [uniquePhone()] });
    expect(phoneOnly.checks.VELOCITY_SSN).toMatchObject({ state: 'NONE', risk: 'NONE' });
  });

  it('one person sending twice is one identity', async () => {
    const person = { ...fresh(1), phones: [uniquePhone()], ssns: [uniqueSsn()], location: uniqueAddress() };
    const first = await checksOf(person);
    const again = await checksOf(person);
    for (const id of ['VELOCITY_PHONE', 'VELOCITY_ADDRESS', 'VELOCITY_SSN', 'VELOCITY_EMAIL']) {
      expect(again.checks[id], id).toMatchObject({ state: 'NORMAL', risk: 'NONE' });
      expect(again.checks[id]?.description, id).not.toContain(first.sessionId);
    }
    // A session joined with the name it lacked is still one applicant on its phone.
    const phone = [uniquePhone()];
    const started = await checksOf({ phones: phone, emails: fresh(3).emails });
    const joined = await verify({ sessionId: started.sessionId, phones: phone, name: fresh(3).name });
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);
    const joinedChecks = joined.body.checks as CheckBody[];
    expect(joinedChecks.find((c) => c.id === 'VELOCITY_PHONE')).toMatchObject({
      state: 'NORMAL',
      risk: 'NONE',
    });
    // A second person on the phone: one other identity, not two.
    const other = await checksOf({ ...fresh(2), phones: person.phones });
    expect(other.checks.VELOCITY_PHONE).toMatchObject({ state: 'ELEVATED', risk: 'MED' });
    expect(other.checks.VELOCITY_PHONE?.description).toBe(
      `1 other identity used this phone in the last 30 days. Their most recent sessions: ${first.sessionId}.`,
    );
  });
});

const pool = createPool(appConnectionUrl(), 4);
const db: Database = drizzle({ client: pool, schema });
afterAll(() => pool.end());

describe('velocity on the database', () => {
  it("does not count an analyst's Verify calls in the console, and stores no identifier", async () => {
    const workspaceId = await workspaceOfNewKey();
    const phone = uniquePhone();
    const caller = { workspaceId, actor: 'usr_test', trialQuota: null };
    for (let i = 0; i < 3; i++) {
      const outcome = await verifyService(
        db,
        { ...caller, via: 'console' },
        parsed({ ...fresh(i), phones: [phone] }),
        `req_${unique('c')}`,
      );
      expect(outcome.kind).toBe('ok');
    }
    const byKey = await verifyService(
      db,
      { ...caller, via: 'key' },
      parsed({ ...fresh(4), phones: [phone] }),
      `req_${unique('k')}`,
    );
    if (byKey.kind !== 'ok') throw new Error(byKey.kind);
    expect(byKey.body.checks.find((c) => c.id === 'VELOCITY_PHONE')).toMatchObject({ state: 'NORMAL' });
    const stored = await query<{ n: number; text: string }>(
      `select count(*)::int as n, string_agg(hub_hash || identity_hash || session_id, ' ') as text
       from velocity_pairs where workspace_id = $1`,
      [workspaceId],
    );
    // The key's call alone, paired on its phone and its email; keyed hashes, no digits of the phone.
    expect(stored[0]?.n).toBe(2);
    expect(stored[0]?.text).not.toContain(phone.slice(2));
  });

  it("erasing a person removes their sessions' pairs and counts: the ring's next applicant sees one other, not two", async () => {
    const workspaceId = await workspaceOfNewKey();
    const caller = { workspaceId, actor: 'key_test', trialQuota: null, via: 'key' as const };
    const phone = uniquePhone();
    const members = [fresh(0), fresh(1)];
    for (const member of members) {
      expect(
        (await verifyService(db, caller, parsed({ ...member, phones: [phone] }), `req_${unique('e')}`)).kind,
      ).toBe('ok');
    }
    const deletion = parseDeletionRequest({ emails: members[1]?.emails });
    if (!deletion.ok) throw new Error('deletion request invalid');
    const erased = await recordDeletion(db, { workspaceId, identifiers: deletion.value, actor: 'test' });
    expect(erased.deleted.sessions).toBe(1);
    const next = await verifyService(
      db,
      caller,
      parsed({ ...fresh(2), phones: [phone] }),
      `req_${unique('e')}`,
    );
    if (next.kind !== 'ok') throw new Error(next.kind);
    const check = next.body.checks.find((c) => c.id === 'VELOCITY_PHONE');
    expect(check?.description).toMatch(/^1 other identity used this phone in the last 30 days\./);
    const [buckets] = await query<{ total: number }>(
      `select coalesce(sum(identities), 0)::int as total from velocity_buckets
       where workspace_id = $1 and hub_kind = 'phone' and span = 'day'`,
      [workspaceId],
    );
    // The first member and the next applicant on the phone.
    expect(buckets?.total).toBe(2);
  });

  it('a session joined with its name stays one identity on its phone, for itself and for the next applicant', async () => {
    const workspaceId = await workspaceOfNewKey();
    const caller = { workspaceId, actor: 'key_test', trialQuota: null, via: 'key' as const };
    const phone = uniquePhone();
    const person = fresh(5);
    const first = await verifyService(
      db,
      caller,
      parsed({ emails: person.emails, phones: [phone] }),
      `req_${unique('j')}`,
    );
    if (first.kind !== 'ok') throw new Error(first.kind);
    const joined = await verifyService(
      db,
      caller,
      parsed({ sessionId: first.body.sessionId, phones: [phone], name: person.name }),
      `req_${unique('j')}`,
    );
    if (joined.kind !== 'ok') throw new Error(joined.kind);
    expect(joined.body.checks.find((c) => c.id === 'VELOCITY_PHONE')).toMatchObject({ state: 'NORMAL' });
    const next = await verifyService(
      db,
      caller,
      parsed({ ...fresh(6), phones: [phone] }),
      `req_${unique('j')}`,
    );
    if (next.kind !== 'ok') throw new Error(next.kind);
    expect(next.body.checks.find((c) => c.id === 'VELOCITY_PHONE')?.description).toBe(
      `1 other identity used this phone in the last 30 days. Their most recent sessions: ${first.body.sessionId}.`,
    );
  });

  it('reads a hub of 5,000 identities by index, touching no more rows than a hub of 10', async () => {
    const workspaceId = await workspaceOfNewKey();
    const now = new Date();
    const hub = (label: string): KeyedHub => ({
      kind: 'phone',
      hubHash: `${label}${letters(24)}`,
      identityHash: letters(32),
    });
    const big = hub('big');
    const small = hub('small');
    // One pair every 8 minutes back from now: 5,000 span 28 days, in ~670 hourly and 28 daily buckets.
    const pairs = (target: KeyedHub, n: number) =>
      Array.from({ length: n }, (_, i) => ({
        workspaceId,
        sessionId: `ses_${target.hubHash.slice(0, 5)}${i}`,
        at: new Date(now.getTime() - (i + 1) * 8 * 60_000),
        hubs: [{ ...target, identityHash: letters(32) }],
      }));
    await writeVelocity(db, pairs(big, 5000));
    await writeVelocity(db, pairs(small, 10));
    await query('analyze velocity_pairs; analyze velocity_buckets');

    const facts = await readVelocity(db, workspaceId, [big, small], now);
    expect(facts.phone.map((h) => h.identities.month)).toEqual([5000, 10]);
    expect(facts.phone[0]?.identities.day).toBeGreaterThanOrEqual(180);
    expect(facts.phone[0]?.recentSessions).toEqual(
      [0, 1, 2, 3, 4].map((i) => `ses_${big.hubHash.slice(0, 5)}${i}`),
    );

    const touched = async (target: KeyedHub) => {
      const [row] = await query<{ 'QUERY PLAN': PlanRoot[] }>(
        ...toPg(velocityReadQuery(workspaceId, [target], now), 'explain (analyze, buffers, format json) '),
      );
      const plan = row?.['QUERY PLAN'][0]?.Plan;
      if (!plan) throw new Error('no plan');
      if (process.env.VELOCITY_PLAN) console.log(JSON.stringify(plan, null, 1));
      return summarise(plan);
    };
    const large = await touched(big);
    const little = await touched(small);
    expect(large.seqScans).toEqual([]);
    // 25 hourly + 31 daily bucket rows, one primary-key probe and the six newest pairs, at most.
    expect(large.rows).toBeLessThanOrEqual(25 + 31 + 1 + 6);
    // A few more index levels and heap pages at most; scanning the 5,000 pairs would read about 90 pages.
    expect(large.blocks).toBeLessThanOrEqual(little.blocks + 20);
  });
});

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
  Plans?: PlanNode[];
}
interface PlanRoot {
  Plan: PlanNode;
}

/** Rows read from the velocity tables (returned or filtered out), their sequential scans, and blocks. */
function summarise(root: PlanNode): { rows: number; seqScans: string[]; blocks: number } {
  let rows = 0;
  const seqScans: string[] = [];
  const walk = (node: PlanNode) => {
    const relation = node['Relation Name'];
    if (relation?.startsWith('velocity_')) {
      rows +=
        (node['Actual Rows'] ?? 0) * (node['Actual Loops'] ?? 1) +
        (node['Rows Removed by Filter'] ?? 0) +
        (node['Rows Removed by Index Recheck'] ?? 0);
      if (node['Node Type'] === 'Seq Scan') seqScans.push(relation);
    }
    for (const child of node.Plans ?? []) walk(child);
  };
  walk(root);
  return { rows, seqScans, blocks: (root['Shared Hit Blocks'] ?? 0) + (root['Shared Read Blocks'] ?? 0) };
}

/** A drizzle SQL object as pg's text and parameters, with a prefix (EXPLAIN). */
function toPg(query: ReturnType<typeof velocityReadQuery>, prefix: string): [string, unknown[]] {
  const built = new PgDialect().sqlToQuery(query);
  return [prefix + built.sql, built.params];
}
