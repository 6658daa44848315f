// Issue 31 item 5, investigating without touching: an analyst's Verify and Signals lookups in the
// console read the graph but are not the applicant's activity, so they move no seen date, count,
// link or velocity count; the same calls with an API key are sightings (docs/api/ingestion.md).
import { describe, expect, it } from 'vitest';
import { newUser, signedIn } from './console-session';
import { feed, uniqueEmail, uniquePhone } from './provenance-support';
import { newKey, signals, verify } from './support';

const DAY = 86_400_000;

async function workspace() {
  const user = await newUser('analyst');
  const client = await signedIn(user);
  const key = await newKey('verify,signals,ingest', [], user.workspace);
  return { client, key: key.key };
}

type EmailSignal = { email: string; firstSeenMs: number; lastSeenMs: number; observations: number };

async function seen(key: string, email: string): Promise<EmailSignal> {
  const response = await signals({ emails: [email] }, { key });
  expect(response.status, response.text).toBe(200);
  const [entry] = response.body.emails as EmailSignal[];
  if (!entry) throw new Error('no email in the Signals answer');
  return entry;
}

describe('console lookups are not sightings', () => {
  it('Verify and Signals from the console leave seen dates, counts and links as they were', async () => {
    const { client, key } = await workspace();
    const email = uniqueEmail('known');
    const signedUpAt = Date.now() - 400 * DAY;
    await feed('/api/events', key, [
      { type: 'signup', observedAt: signedUpAt, source: 'shop', emails: [email] },
    ]);
    const before = await seen(key, email);
    expect(before).toMatchObject({ firstSeenMs: signedUpAt, lastSeenMs: signedUpAt });

    // That keyed Signals call was itself a sighting, just now; the analyst's lookups start after it.
    const lookupsFrom = Date.now() + 1;

    // The analyst investigates: Verify with a phone the applicant never used, a join, then Signals.
    const phone = uniquePhone();
    const looked = await client.json('/api/console/verify', { emails: [email], phones: [phone] });
    expect(looked.status, looked.text).toBe(201);
    expect(looked.body.checks.find((c: { id: string }) => c.id === 'EMAIL_FIRST_SEEN')?.state).toBe('OLDER');
    const joined = await client.json('/api/console/verify', {
      sessionId: looked.body.sessionId,
      phones: [uniquePhone()],
    });
    expect(joined.status, joined.text).toBe(200);
    const lookedUp = await client.json('/api/console/signals', { emails: [email] });
    expect(lookedUp.status).toBe(200);

    // Nothing moved: the last sighting is still the keyed Signals call, the count has only the
    // keyed calls' sightings, and the phone is not linked to the email (unknown to the graph).
    const after = await seen(key, email);
    expect(after.firstSeenMs).toBe(signedUpAt);
    expect(after.lastSeenMs).toBeLessThan(lookupsFrom);
    expect(after.observations).toBe(before.observations + 1);
    const again = await seen(key, email);
    expect(again.observations).toBe(after.observations + 1);
    expect((await signals({ phones: [phone] }, { key })).status).toBe(204);

    // The analyst's session is kept, as theirs to open.
    const session = await client.json(`/api/console/sessions/${looked.body.sessionId}`);
    expect(session.status).toBe(200);
    expect(session.body.calls).toBe(2);
  });

  it('the same Verify with an API key is a sighting that links the phone', async () => {
    const { key } = await workspace();
    const email = uniqueEmail('applicant');
    const phone = uniquePhone();
    const response = await verify({ emails: [email], phones: [phone] }, { key });
    expect(response.status).toBe(201);
    const byPhone = await signals({ phones: [phone] }, { key });
    expect(byPhone.status).toBe(200);
    expect(byPhone.body.emails.map((e: { email: string }) => e.email)).toContain(email);
  });
});
