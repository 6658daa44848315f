// Every Signals call is itself one observation of each identifier it carries, known or not, and
// links them (docs/api/signals.md "Every call is an observation"); its answer is the graph as it
// was before the call (issue 10). The graph is shared by every workspace: identifiers of their own.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { call, cli, newKey, query, signals, verify } from './support';
import { uniquePhone, uniqueSsn } from './unique-identifiers';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const md5 = (text: string) => createHash('md5').update(text).digest('hex');
const token = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
const uniqueEmail = (label: string) => `${label}.${token()}@example.com`;
const random = (below: number) => Math.floor(Math.random() * below);
const uniqueIp = () => `73.${1 + random(250)}.${1 + random(250)}.${1 + random(250)}`;

interface Entry {
  observations: number;
  firstSeenMs: number | null;
}
const emailOf = (body: { emails: (Entry & { sha256: string | null })[] }, address: string) =>
  body.emails.find((e) => e.sha256 === sha256(address));
const phoneOf = (body: { phones: (Entry & { phone: string })[] }, phone: string) =>
  body.phones.find((p) => p.phone === phone);

async function feed(key: string, items: unknown[]): Promise<void> {
  const response = await call('/api/events', { key, body: items });
  expect(response.status, JSON.stringify(response.body)).toBe(202);
  expect(response.body.rejected).toEqual([]);
}

describe('a Signals call is an observation of every identifier it carries (issue 10)', () => {
  it('never-seen identifiers: the call answers 204, then they are known, sighted once and linked', async () => {
    const { key } = await newKey('verify,signals');
    const email = uniqueEmail('signals-new');
    const phone = uniquePhone();
    const ssn = uniqueSsn();
    const ipAddress = uniqueIp();
    const handle = `sig${token()}`;
    const family = `Observa${token().replace(/\d/g, '')}`;
    const before = Date.now();
    const first = await signals(
      {
        emails: [email],
        phones: [phone],
        ssns: [ssn],
        ipAddress,
        profiles: [{ service: 'github', username: handle }],
        name: { given: 'Ida', family },
        location: { addressLine1: '12 Observation Way', city: 'Austin', regionCode: 'TX', countryCode: 'US' },
      },
      { key },
    );
    // The graph before the call held none of them.
    expect(first.status, JSON.stringify(first.body)).toBe(204);

    // The phone alone now finds the person through the call's links, each identifier seen once.
    const byPhone = await signals({ phones: [phone] }, { key });
    expect(byPhone.status).toBe(200);
    expect(emailOf(byPhone.body, email)).toMatchObject({ observations: 1 });
    expect(emailOf(byPhone.body, email)?.firstSeenMs).toBeGreaterThanOrEqual(before - 1000);
    expect(phoneOf(byPhone.body, phone)).toMatchObject({ observations: 1 });
    expect(byPhone.body.socialProfiles).toContainEqual(
      expect.objectContaining({ service: 'github', username: handle.toLowerCase(), observations: 1 }),
    );
    expect(byPhone.body.name).toMatchObject({ given: 'Ida', family, observations: 1 });
    expect(byPhone.body.ipAddresses).toContainEqual(expect.objectContaining({ ipAddress, observations: 1 }));
    expect(byPhone.body.locations).toContainEqual(
      expect.objectContaining({ addressLine1: '12 Observation Way', city: 'Austin', observations: 1 }),
    );
    // The workspace supplied the cleartext in that call: it may see it.
    expect(emailOf(byPhone.body, email)).toMatchObject({ email });

    // The SSN was keyed (never stored in clear) and links too.
    const bySsn = await signals({ ssns: [ssn] }, { key });
    expect(bySsn.status).toBe(200);
    expect(emailOf(bySsn.body, email)).toBeDefined();
    const clear = await query('select 1 from identifiers where value like $1', [
      `%${ssn.replace(/-/g, '')}%`,
    ]);
    expect(clear).toHaveLength(0);

    // Verify sees the email as seen before (by those Signals calls), no longer never seen.
    const verified = await verify({ emails: [email] }, { key });
    expect(verified.status).toBe(201);
    const neverSeen = verified.body.checks.find((c: { id: string }) => c.id === 'EMAIL_NEVER_SEEN');
    expect(neverSeen?.state).toBe('FALSE');
  });

  it('a known email with a never-seen phone: answered as before the call, then linked', async () => {
    const { key } = await newKey('verify,signals,ingest');
    const email = uniqueEmail('signals-known');
    const phone = uniquePhone();
    await feed(key, [
      { type: 'signup', observedAt: Date.now() - 3_600_000, source: 'shop', emails: [email] },
    ]);

    const first = await signals({ emails: [email], phones: [phone] }, { key });
    expect(first.status).toBe(200);
    // Before the call: one sighting of the email, no phone.
    expect(emailOf(first.body, email), JSON.stringify(first.body)).toMatchObject({ observations: 1 });
    expect(phoneOf(first.body, phone)).toBeUndefined();

    // After it: the phone is known through the email, and the email was sighted again.
    const byEmail = await signals({ emails: [email] }, { key });
    expect(emailOf(byEmail.body, email)).toMatchObject({ observations: 2 });
    expect(phoneOf(byEmail.body, phone)).toMatchObject({ observations: 1 });
    const byPhone = await signals({ phones: [phone] }, { key });
    expect(byPhone.status).toBe(200);
    expect(emailOf(byPhone.body, email)).toMatchObject({ observations: 3 });
  });

  it('a digest-only email never seen is recorded under its digest; a known one under its stored row', async () => {
    const { key } = await newKey('verify,signals');
    const unseen = uniqueEmail('signals-md5');
    expect((await signals({ emails: [md5(unseen)] }, { key })).status).toBe(204);
    const again = await signals({ emails: [md5(unseen)] }, { key });
    expect(again.status).toBe(200);
    expect(again.body.emails).toEqual([expect.objectContaining({ md5: md5(unseen), observations: 1 })]);

    const known = uniqueEmail('signals-md5-known');
    expect((await verify({ emails: [known] }, { key })).status).toBe(201);
    await signals({ emails: [md5(known)] }, { key });
    const byClear = await signals({ emails: [known] }, { key });
    // One identifier, sighted by Verify and by the MD5 lookup: no second row for the digest.
    expect(byClear.body.emails).toEqual([
      expect.objectContaining({ sha256: sha256(known), md5: md5(known), observations: 2 }),
    ]);
  });

  it('Verify by the digest of a known email sights its stored row too (the one call write path)', async () => {
    const { key } = await newKey('verify,signals');
    const known = uniqueEmail('verify-md5-known');
    expect((await verify({ emails: [known] }, { key })).status).toBe(201);
    expect((await verify({ emails: [md5(known)] }, { key })).status).toBe(201);
    const byClear = await signals({ emails: [known] }, { key });
    expect(byClear.body.emails).toEqual([
      expect.objectContaining({ sha256: sha256(known), md5: md5(known), observations: 2 }),
    ]);
  });

  it('a call answered 204 by excludedCountries is still an observation', async () => {
    const { key } = await newKey('verify,signals');
    const phone = uniquePhone();
    expect((await verify({ phones: [phone] }, { key })).status).toBe(201);
    expect((await signals({ phones: [phone], excludedCountries: ['US'] }, { key })).status).toBe(204);
    const after = await signals({ phones: [phone] }, { key });
    expect(phoneOf(after.body, phone)).toMatchObject({ observations: 2 });
  });

  it('a call carrying a deleted identifier stores nothing, as Verify refuses it', async () => {
    const a = await newKey('verify,signals');
    const deleted = uniqueEmail('signals-deleted');
    const phone = uniquePhone();
    const stranger = uniquePhone();
    expect((await verify({ emails: [deleted] }, { key: a.key })).status).toBe(201);
    expect((await verify({ phones: [phone] }, { key: a.key })).status).toBe(201);
    const erased = await cli('scripts/deletions.ts', [
      'create',
      '--workspace',
      a.workspace,
      '--email',
      deleted,
    ]);
    expect(erased.code, erased.stderr).toBe(0);

    const refused = await verify({ emails: [deleted], phones: [phone] }, { key: a.key });
    expect(refused.status).toBe(410);
    // Signals answers for the live phone as before, but records nothing of the call.
    const answered = await signals({ emails: [deleted], phones: [phone, stranger] }, { key: a.key });
    expect(answered.status).toBe(200);
    expect(phoneOf(answered.body, phone)).toMatchObject({ observations: 1 });
    expect(answered.body.emails).toEqual([]);
    const stored = await query<{ kind: string; value: string; observations: number }>(
      `select kind, value, observations from identifiers
       where (kind = 'email' and (value = $1 or md5 = $2)) or (kind = 'phone' and value = any($3))`,
      [sha256(deleted), md5(deleted), [phone, stranger]],
    );
    expect(stored).toEqual([{ kind: 'phone', value: phone, observations: 1 }]);
  });
});

describe('a joined Verify call links what is new to the session (issue 12: joins cost what they add)', () => {
  /** Observations of the link between two emails, or null when they are not linked. */
  async function linkObservations(x: string, y: string): Promise<number | null> {
    const rows = await query<{ observations: number }>(
      `select l.observations from identifier_links l
       join identifiers a on a.id = l.a_id join identifiers b on b.id = l.b_id
       where a.kind = 'email' and b.kind = 'email' and array[a.value, b.value] @> array[$1, $2]`,
      [sha256(x), sha256(y)],
    );
    return rows[0]?.observations ?? null;
  }

  it('an identifier the session already holds adds no link observation; a new one links to every earlier one once', async () => {
    const { key } = await newKey('verify');
    const [first, second, third] = ['join-a', 'join-b', 'join-c'].map(uniqueEmail) as [
      string,
      string,
      string,
    ];
    const opened = await verify({ emails: [first] }, { key });
    expect(opened.status).toBe(201);
    const sessionId = opened.body.sessionId as string;
    expect((await verify({ sessionId, emails: [second] }, { key })).status).toBe(200);
    expect(await linkObservations(first, second)).toBe(1);

    // The same email again, and again: the session already tied it to the first one.
    expect((await verify({ sessionId, emails: [second] }, { key })).status).toBe(200);
    expect((await verify({ sessionId, emails: [first] }, { key })).status).toBe(200);
    expect(await linkObservations(first, second)).toBe(1);

    // A third email is new: linked once to each earlier one; the earlier pair is not counted again.
    expect((await verify({ sessionId, emails: [third, second] }, { key })).status).toBe(200);
    expect(await linkObservations(third, first)).toBe(1);
    expect(await linkObservations(third, second)).toBe(1);
    expect(await linkObservations(first, second)).toBe(1);
  });
});
