// Sanctions screening of the person the identity graph knows (issue 9, finding 4): a request
// without a name is screened by the names the graph links to its identifiers, and against the
// person's own addresses. The list is a three-entry excerpt of the real OFAC SDN file.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, cli, newKey, query, verify } from './support';

const FIXTURE = 'tests/fixtures/sanctions-graph';
const SOURCE = 'ofac-sdn/sdn.csv';
const DAY = 86_400_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const uniqueEmail = (label: string) =>
  `${label}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;

interface CheckBody {
  id: string;
  state: string;
  risk: string;
  description: string;
}

async function ofacCheck(body: unknown, key: string): Promise<CheckBody | undefined> {
  const response = await verify(body, { key });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return (response.body.checks as CheckBody[]).find((c) => c.id === 'IDENTITY_OFAC_LIST');
}

/** A signup a month ago of an email, with the name and address the shop took down, if any. */
const signup = (email: string, extra: Record<string, unknown> = {}) => ({
  type: 'signup',
  observedAt: Date.now() - 30 * DAY,
  source: 'shop',
  emails: [email],
  ...extra,
});

const LISTED = { name: { given: 'Porthos', family: 'Marin Gonzalez' } };

async function feed(key: string, events: unknown[]): Promise<void> {
  const response = await call('/api/events', { key, body: events });
  expect(response.status, JSON.stringify(response.body)).toBe(202);
  expect(response.body.rejected).toEqual([]);
}

describe('sanctions screening of the names the identity graph knows', () => {
  let key = '';

  beforeAll(async () => {
    const imported = await cli('scripts/lists.ts', ['import', FIXTURE]);
    expect(imported.code, imported.stderr).toBe(0);
    ({ key } = await newKey('verify,signals,ingest'));
    // The server reloads the lists within its 2 s check interval.
    for (let i = 0; i < 20; i++) {
      const check = await ofacCheck(
        { name: { given: 'Jane', family: 'Doe' }, email: uniqueEmail('probe') },
        key,
      );
      if (check?.state !== 'UNKNOWN') break;
      await sleep(500);
    }
  });

  afterAll(async () => {
    // Leave the shared server as the other files expect it: no lists loaded.
    await query('DELETE FROM sanction_lists WHERE id = $1', [SOURCE]);
    await sleep(2_500);
  });

  it('screens an email-only request by the listed name the graph links to the email', async () => {
    const email = uniqueEmail('linked');
    await feed(key, [signup(email, LISTED)]);
    const check = await ofacCheck({ emails: [email] }, key);
    expect(check).toMatchObject({ state: 'IDENTITY_NAME', risk: 'MED' });
    expect(check?.description).toMatch(
      /^A name the identity graph links to the person matches OFAC entry 48070 "Porthos MARIN GONZALEZ"/,
    );
  });

  it("is IDENTITY_NAME_LOC when the person's own address agrees with the entry", async () => {
    const email = uniqueEmail('located');
    await feed(key, [
      signup(email, {
        ...LISTED,
        location: { addressLine1: 'Calle Obregon 12', city: 'Culiacan', countryCode: 'MX' },
      }),
    ]);
    const check = await ofacCheck({ emails: [email] }, key);
    expect(check).toMatchObject({ state: 'IDENTITY_NAME_LOC', risk: 'HIGH' });
    expect(check?.description).toContain(
      "the entry's country MX agrees with a location the identity graph links to the person",
    );
  });

  it('is NO_MATCH when the graph links only unlisted names, and NONE when it links none', async () => {
    const [named, nameless] = [uniqueEmail('unlisted'), uniqueEmail('nameless')];
    await feed(key, [signup(named, { name: { given: 'Jane', family: 'Doe' } }), signup(nameless)]);
    expect(await ofacCheck({ emails: [named] }, key)).toMatchObject({ state: 'NO_MATCH', risk: 'NONE' });
    expect(await ofacCheck({ emails: [nameless] }, key)).toMatchObject({ state: 'NONE', risk: 'NONE' });
  });
});
