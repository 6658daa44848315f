// Issue 11, provenance: what a workspace reads of the graph is derived from the contributions it
// may see, not only the facts themselves. Hub flags and link counts, a link's last sighting (its
// confidence), the persons an SSN is shared by, the names seen at an address and whether any
// breach data is loaded at all must not carry the contributions of a workspace that keeps them to
// itself.
import { drizzle } from 'drizzle-orm/node-postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { createPool } from '@/lib/db/client';
import * as schema from '@/lib/db/schema';
import { emptyRequest } from '@/lib/engine/empty-request';
import { normalizeEmail } from '@/lib/engine/normalize/email';
import { gatherFacts } from '@/lib/services/graph/facts';
import {
  capital,
  checksOf,
  DAY,
  feed,
  letters,
  phoneConfidence,
  share,
  sharingKey,
  uniqueEmail,
  uniquePhone,
  uniqueSsn,
  YEAR,
} from './provenance-support';
import { appConnectionUrl, query, verify } from './support';

const pool = createPool(appConnectionUrl(), 2);
const db = drizzle({ client: pool, schema });
afterAll(() => pool.end());

describe('derived values on the restricted path (a workspace does not share)', () => {
  it("a hub made by another workspace's unshared links is not a hub to the others", async () => {
    const [hider, other] = [await sharingKey(), await sharingKey()];
    await share(hider, false);
    try {
      const phone = uniquePhone();
      // 30 emails on one phone: more than one person has (the hub limit is 25).
      await feed(
        '/api/events',
        hider.key,
        Array.from({ length: 30 }, (_, i) => ({
          type: 'signup',
          observedAt: Date.now() - DAY,
          source: 'shop',
          emails: [uniqueEmail(`hub${i}`)],
          phones: [phone],
        })),
      );
      await feed('/api/events', other.key, [
        {
          type: 'signup',
          observedAt: Date.now() - DAY,
          source: 'web',
          emails: [uniqueEmail('own')],
          phones: [phone],
        },
      ]);
      expect((await checksOf({ phones: [phone] }, hider.key)).DIGITAL_EXCESSIVE_CONNECTIVITY).toBe('TRUE');
      expect((await checksOf({ phones: [phone] }, other.key)).DIGITAL_EXCESSIVE_CONNECTIVITY).toBe('FALSE');
    } finally {
      await share(hider, true);
    }
  });

  it("a link's confidence decays from the last sighting the workspace may see", async () => {
    const [hider, other, yardstick] = [await sharingKey(), await sharingKey(), await sharingKey()];
    await share(hider, false);
    try {
      const [email, phone] = [uniqueEmail('decay'), uniquePhone()];
      const long = Date.now() - 3 * YEAR;
      await feed('/api/events', other.key, [
        { type: 'signup', observedAt: long, source: 'web', emails: [email], phones: [phone] },
      ]);
      // The hidden workspace sees the pair today.
      await feed('/api/events', hider.key, [
        { type: 'signup', observedAt: Date.now() - 60_000, source: 'shop', emails: [email], phones: [phone] },
      ]);
      const [otherEmail, otherPhone] = [uniqueEmail('decay-yardstick'), uniquePhone()];
      await feed('/api/events', yardstick.key, [
        { type: 'signup', observedAt: long, source: 'web', emails: [otherEmail], phones: [otherPhone] },
      ]);
      const old = await phoneConfidence(yardstick.key, otherEmail, otherPhone);
      expect(old).toBeDefined();
      expect(await phoneConfidence(other.key, email, phone)).toBeCloseTo(old ?? 0, 3);
      // The hidden workspace sees its own fresh sighting: a higher confidence.
      expect(await phoneConfidence(hider.key, email, phone)).toBeGreaterThan((old ?? 1) + 0.01);
    } finally {
      await share(hider, true);
    }
  });

  it('an SSN shared by identities that only hidden links join counts them apart', async () => {
    const [hider, other] = [await sharingKey(), await sharingKey()];
    await share(hider, false);
    try {
      const [first, second, ssn] = [uniqueEmail('ssn-a'), uniqueEmail('ssn-b'), uniqueSsn()];
      const at = Date.now() - 10 * DAY;
      // 28 emails on one SSN: a hub, so each email stays a person of its own.
      const emails = [first, second, ...Array.from({ length: 26 }, (_, i) => uniqueEmail(`ssn${i}`))];
      await feed(
        '/api/events',
        other.key,
        emails.map((email) => ({
          type: 'signup',
          observedAt: at,
          source: 'web',
          emails: [email],
          ssns: [ssn],
        })),
      );
      // Only the hidden workspace saw two of the emails together: one person to it.
      await feed('/api/events', hider.key, [
        { type: 'signup', observedAt: at, source: 'shop', emails: [first, second] },
      ]);
      const described = async (key: string) => {
        const response = await verify({ ssns: [ssn] }, { key });
        expect(response.status).toBe(201);
        const checks = response.body.checks as { id: string; description: string }[];
        return checks.find((check) => check.id === 'SYNTHETIC_SSN_SHARED')?.description;
      };
      expect(await described(hider.key)).toMatch(/ linked to 27 identities /);
      expect(await described(other.key)).toMatch(/ linked to 28 identities /);
    } finally {
      await share(hider, true);
    }
  });

  it("the names at an address come through the workspace's visible links only", async () => {
    const [hider, other] = [await sharingKey(), await sharingKey()];
    await share(hider, false);
    try {
      const [email, phone] = [uniqueEmail('resident'), uniquePhone()];
      const location = {
        addressLine1: `${Math.floor(Math.random() * 900) + 100} ${capital(letters())} Street`,
        city: 'Springfield',
        state: 'IL',
        zip: '62701',
        countryCode: 'US',
      };
      const resident = { given: capital(letters()), family: capital(letters()) };
      const stranger = { given: capital(letters()), family: capital(letters()) };
      const at = Date.now() - 10 * DAY;
      await feed('/api/events', other.key, [
        { type: 'signup', observedAt: at, source: 'web', emails: [email], location, name: resident },
        { type: 'signup', observedAt: at, source: 'web', phones: [phone], name: stranger },
      ]);
      // Only the hidden workspace saw the email and the phone together.
      await feed('/api/events', hider.key, [
        { type: 'signup', observedAt: at, source: 'shop', emails: [email], phones: [phone] },
      ]);
      const asked = { name: stranger, location };
      expect((await checksOf(asked, hider.key)).SYNTHETIC_NAME_ADDRESS_NO_MATCH).toBe('FALSE');
      expect((await checksOf(asked, other.key)).SYNTHETIC_NAME_ADDRESS_NO_MATCH).toBe('TRUE');
    } finally {
      await share(hider, true);
    }
  });

  it('whether breach data is loaded at all counts only the breaches the workspace may see', async () => {
    const [hider, viewer] = [await sharingKey(), await sharingKey()];
    const email = uniqueEmail('no-breach');
    await feed('/api/records', hider.key, [
      {
        kind: 'breach',
        breach: 'HiddenLeak',
        breachedAt: Date.now() - YEAR,
        emails: [uniqueEmail('leaked')],
      },
    ]);
    await feed('/api/events', viewer.key, [
      { type: 'signup', observedAt: Date.now() - DAY, source: 'web', emails: [email] },
    ]);
    const [own] = await query<{ id: string }>('select id from workspaces where name = $1', [
      viewer.workspace,
    ]);
    const others = await query<{ id: string }>('select id from workspaces where id <> $1', [own?.id]);
    const input = emptyRequest({ emails: [normalizeEmail(email)] });
    // Every other workspace hidden: none of the breach records is visible.
    const hidden = { all: false as const, hidden: others.map((row) => row.id) };
    expect((await gatherFacts(db, input, new Date(), null, hidden)).breachRecords).toBe(0);
    expect((await gatherFacts(db, input, new Date(), null)).breachRecords).toBe(1);
  });
});
