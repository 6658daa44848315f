// What counts as evidence in the identity graph (issue 9): records are facts with their own
// dates, never sightings; a call is one sighting per identifier; a session is judged against
// the graph as it was before it began; a name at a full address is a person lookup.
// The graph is shared by every workspace, so each test uses identifiers of its own.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { call, newKey, signals, verify } from './support';
import { uniquePhone, uniqueSsn } from './unique-identifiers';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const YEAR = 365.25 * DAY;
// Ingest takes breaches up to 10 years back (docs/api/ingestion.md): an old one is 8.
const OLD_BREACH = `${new Date().getUTCFullYear() - 8}-01-01`;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const token = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
const uniqueEmail = (label: string) => `${label}.${token()}@example.com`;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

interface CheckBody {
  id: string;
  state: string;
  risk: string;
  description: string;
  checkPackage: string;
}

async function feed(path: '/api/events' | '/api/records', key: string, items: unknown[]): Promise<void> {
  const response = await call(path, { key, body: items });
  expect(response.status, JSON.stringify(response.body)).toBe(202);
  expect(response.body.rejected).toEqual([]);
}

/** One Verify call: its status, session and checks by id. */
async function verified(body: unknown, key: string) {
  const response = await verify(body, { key });
  expect([200, 201], JSON.stringify(response.body)).toContain(response.status);
  const checks: Record<string, CheckBody> = Object.fromEntries(
    (response.body.checks as CheckBody[]).map((c) => [c.id, c]),
  );
  return { sessionId: response.body.sessionId as string, checks };
}

describe('records are not sightings (finding 1)', () => {
  it('an 8-year-old breach does not make an email first seen 10 days ago LONG_AGO, in either order', async () => {
    const { key } = await newKey('verify,signals,ingest');
    const seenAt = Date.now() - 10 * DAY;
    const [recordFirst, eventFirst] = [uniqueEmail('record-first'), uniqueEmail('event-first')];
    const breach = (email: string) => ({
      kind: 'breach',
      breach: 'OldLeak',
      breachedAt: OLD_BREACH,
      emails: [email],
    });
    const signup = (email: string) => ({
      type: 'signup',
      observedAt: seenAt,
      source: 'shop',
      emails: [email],
    });
    await feed('/api/records', key, [breach(recordFirst)]);
    await feed('/api/events', key, [signup(recordFirst), signup(eventFirst)]);
    await feed('/api/records', key, [breach(eventFirst)]);
    for (const email of [recordFirst, eventFirst]) {
      const { checks } = await verified({ emails: [email] }, key);
      expect(checks.EMAIL_FIRST_SEEN?.state, email).toBe('NEW');
      expect(checks.EMAIL_FIRST_SEEN?.description, email).toContain(`First seen on ${isoDay(seenAt)}`);
      expect(checks.EMAIL_NEVER_SEEN?.description, email).toBe(`Seen once since ${isoDay(seenAt)}.`);
      // The breach itself still counts, as a breach.
      expect(checks.BREACHED_IDENTITY_COMPROMISED).toMatchObject({ state: 'LOW', risk: 'LOW' });
    }
  });

  it('a fresh carrier record does not make a phone last seen three years ago RECENT', async () => {
    const { key } = await newKey('verify,signals,ingest');
    const phone = uniquePhone();
    const seenAt = Date.now() - 3 * YEAR;
    await feed('/api/events', key, [{ type: 'signup', observedAt: seenAt, source: 'shop', phones: [phone] }]);
    await feed('/api/records', key, [
      {
        kind: 'phone',
        phone,
        lineType: 'mobile',
        carrier: 'Carrier A',
        observedAt: isoDay(Date.now() - DAY),
      },
    ]);
    const { checks } = await verified({ phones: [phone] }, key);
    expect(checks.PHONE_LAST_SEEN).toMatchObject({ state: 'OLDER', risk: 'LOW' });
    expect(checks.PHONE_FIRST_SEEN?.state).toBe('OLDER');
  });

  it('SYNTHETIC_AGE_MISMATCH dates the identity by sightings, not by a profile created in 2013', async () => {
    const { key } = await newKey('verify,signals,ingest');
    const email = uniqueEmail('young');
    await feed('/api/events', key, [
      { type: 'signup', observedAt: Date.now() - 10 * DAY, source: 'shop', emails: [email] },
    ]);
    await feed('/api/records', key, [
      {
        kind: 'profile',
        service: 'social',
        username: `young_${token()}`,
        createdAt: '2013-06-01',
        emails: [email],
      },
    ]);
    // Born 2005: eight in 2013, twenty-one when the email was first seen.
    const { checks } = await verified({ emails: [email], birthday: '2005-01-01' }, key);
    expect(checks.SYNTHETIC_AGE_MISMATCH?.state).toBe('MATCHED');
    expect(checks.SYNTHETIC_AGE_MISMATCH?.description).toContain(isoDay(Date.now() - 10 * DAY));
  });

  it('Signals dates an identifier by its sightings; one known only from a record has none', async () => {
    const { key } = await newKey('verify,signals,ingest');
    const [sighted, recorded] = [uniqueEmail('sighted'), uniqueEmail('recorded')];
    const seenAt = Date.parse('2026-01-02T03:04:05.000Z');
    await feed('/api/events', key, [
      { type: 'signup', observedAt: seenAt, source: 'shop', emails: [sighted] },
    ]);
    await feed('/api/records', key, [
      { kind: 'breach', breach: 'OldLeak', breachedAt: OLD_BREACH, emails: [sighted] },
      { kind: 'breach', breach: 'OldLeak', breachedAt: OLD_BREACH, emails: [recorded] },
    ]);
    const seen = await signals({ emails: [sighted] }, { key });
    expect(seen.body.emails[0]).toMatchObject({ firstSeenMs: seenAt, lastSeenMs: seenAt, observations: 1 });
    const unseen = await signals({ emails: [recorded] }, { key });
    expect(unseen.status).toBe(200);
    expect(unseen.body.emails[0]).toMatchObject({ firstSeenMs: null, lastSeenMs: null, observations: 0 });
    // That lookup was its first sighting: it dates the email outright.
    const before = Date.now();
    const again = await signals({ emails: [recorded] }, { key });
    expect(again.body.emails[0].observations).toBe(1);
    expect(again.body.emails[0].firstSeenMs).toBeGreaterThanOrEqual(before - 60_000);
    expect(again.body.emails[0].firstSeenMs).toBe(again.body.emails[0].lastSeenMs);
  });
});

describe('one call, one sighting (finding 3)', () => {
  it('two Verify calls with an email and a phone are two observations of the email', async () => {
    const { key } = await newKey('verify,signals,ingest');
    const email = uniqueEmail('one-call');
    const phone = uniquePhone();
    await verified({ emails: [email], phones: [phone] }, key);
    await verified({ emails: [email], phones: [phone] }, key);
    const response = await signals({ emails: [email], patternInterval: 'day' }, { key });
    const entry = response.body.emails.find((e: { sha256: string }) => e.sha256 === sha256(email));
    expect(entry.observations).toBe(2);
    expect(entry.day.observations).toBe(2);
    expect(entry.day.sources).toBe(1);
    expect(entry.day.events).toContainEqual({ type: 'verification', observations: 2, sources: 1 });
    // The summary and the timeseries agree: two Verify calls and that Signals call.
    const summary = await call('/api/signals/patterns/summary', { key, body: { email } });
    expect(summary.body.day.observations).toBe(3);
    const series = await call('/api/signals/patterns/timeseries', { key, body: { email, interval: 'day' } });
    const total = series.body.buckets.reduce(
      (n: number, b: { observations: number }) => n + b.observations,
      0,
    );
    expect(total).toBe(3);
  });
});

describe('a session does not sight itself (finding 2)', () => {
  it('call 2 judges a new email as call 1 did: never seen, no footprint', async () => {
    const { key } = await newKey('verify,signals,ingest');
    const first = await verified({ emails: [uniqueEmail('session-new')] }, key);
    expect(first.checks.EMAIL_FIRST_SEEN?.state).toBe('UNKNOWN');
    const second = await verified({ sessionId: first.sessionId, phones: [uniquePhone()] }, key);
    expect(second.checks.EMAIL_FIRST_SEEN?.state).toBe('UNKNOWN');
    expect(second.checks.EMAIL_NEVER_SEEN?.state).toBe('TRUE');
    expect(second.checks.PHONE_FIRST_SEEN?.state).toBe('UNKNOWN');
    expect(second.checks.DIGITAL_NO_DIGITAL_FOOTPRINT?.state).toBe('TRUE');
  });

  it('call 2 reads a known email as it was before the session: last seen and count unchanged', async () => {
    const { key } = await newKey('verify,signals,ingest');
    const email = uniqueEmail('session-known');
    await feed('/api/events', key, [
      { type: 'signup', observedAt: Date.now() - 2 * YEAR, source: 'shop', emails: [email] },
    ]);
    const first = await verified({ emails: [email] }, key);
    expect(first.checks.EMAIL_LAST_SEEN).toMatchObject({ state: 'OLDER', risk: 'LOW' });
    const second = await verified({ sessionId: first.sessionId, phones: [uniquePhone()] }, key);
    for (const id of ['EMAIL_FIRST_SEEN', 'EMAIL_LAST_SEEN', 'EMAIL_NEVER_SEEN']) {
      expect(second.checks[id], id).toMatchObject({
        state: first.checks[id]?.state,
        description: first.checks[id]?.description,
      });
    }
  });

  it('links identifiers that arrived in different calls, sighting each only in its own call', async () => {
    const { key } = await newKey('verify,signals,ingest');
    const email = uniqueEmail('session-link');
    const phone = uniquePhone();
    const first = await verified({ emails: [email], ipAddress: '81.2.69.160' }, key);
    await verified({ sessionId: first.sessionId, phones: [phone], ipAddress: '81.2.69.161' }, key);
    const response = await signals({ emails: [email] }, { key });
    expect(response.status).toBe(200);
    expect(response.body.emails[0]).toMatchObject({ sha256: sha256(email), observations: 1 });
    expect(response.body.phones).toEqual([expect.objectContaining({ phone, observations: 1 })]);
    const ips = response.body.ipAddresses.map((i: { ipAddress: string }) => i.ipAddress).sort();
    expect(ips).toEqual(['81.2.69.160', '81.2.69.161']);
  });

  it('two different SSNs in one session are a synthetic-identity signal', async () => {
    const { key } = await newKey('verify,signals,ingest');
    const email = uniqueEmail('session-ssn');
    const first = await verified({ emails: [email], ssns: [uniqueSsn()] }, key);
    expect(first.checks.SYNTHETIC_SESSION_CONFLICT?.state).toBe('NONE');
    const same = await verified({ sessionId: first.sessionId, emails: [email], birthday: '1990-04-05' }, key);
    expect(same.checks.SYNTHETIC_SESSION_CONFLICT).toMatchObject({ state: 'NONE', risk: 'NONE' });
    const other = await verified({ sessionId: first.sessionId, ssns: [uniqueSsn()] }, key);
    expect(other.checks.SYNTHETIC_SESSION_CONFLICT).toMatchObject({
      state: 'TRUE',
      risk: 'HIGH',
      checkPackage: 'Synthetic Identity',
    });
  });
});

describe('a name at a full address is a person lookup (finding 5b)', () => {
  const person = () => {
    const id = token();
    return {
      email: uniqueEmail('resident'),
      name: { given: 'Ada', family: `Resident${id}` },
      location: {
        addressLine1: `${100 + Math.floor(Math.random() * 800)} ${id} Street`,
        city: 'Springfield',
        regionCode: 'IL',
        postalCode: '62701',
        countryCode: 'US',
      },
    };
  };

  it('Verify resolves the person the graph holds under that name at that address', async () => {
    const { key } = await newKey('verify,signals,ingest');
    const { email, name, location } = person();
    await feed('/api/events', key, [
      { type: 'signup', observedAt: Date.now() - 3 * YEAR, source: 'shop', emails: [email], name, location },
    ]);
    // Born 2020: the person's email was first seen when they were three or four.
    const { checks } = await verified({ name, location, birthday: '2020-01-01' }, key);
    expect(checks.SYNTHETIC_AGE_MISMATCH).toMatchObject({ state: 'MISMATCH', risk: 'HIGH' });
  });

  it('Signals returns that person, and only someone linked to both the name and the address', async () => {
    const { key } = await newKey('verify,signals,ingest');
    const resident = person();
    const neighbour = { ...person(), location: resident.location };
    await feed(
      '/api/events',
      key,
      [resident, neighbour].map(({ email, name, location }) => ({
        type: 'signup',
        observedAt: Date.now() - YEAR,
        source: 'shop',
        emails: [email],
        name,
        location,
      })),
    );
    const response = await signals({ name: resident.name, location: resident.location }, { key });
    expect(response.status).toBe(200);
    expect(response.body.emails.map((e: { sha256: string }) => e.sha256)).toEqual([sha256(resident.email)]);
  });
});
