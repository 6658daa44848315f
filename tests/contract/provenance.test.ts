// Provenance in the shared graph (issue 11): a workspace sees its own contributions and those of
// the workspaces that share theirs; link confidence counts workspaces, not feed names; ingest
// refuses timestamps more than 10 years back or minutes ahead, item by item.
import { describe, expect, it } from 'vitest';
import { type ConsoleClient, expectProblem, newUser, signedIn } from './console-session';
import {
  capital,
  checksOf,
  DAY,
  feed,
  letters,
  phoneConfidence,
  share,
  sharingKey,
  tag,
  uniqueEmail,
  uniquePhone,
  YEAR,
} from './provenance-support';
import { keysCli, newKey, query, readResponse, signals, verify } from './support';

const given = (body: { name?: { given?: string } | null }) => body.name?.given?.toLowerCase() ?? null;
const phonesOf = (body: { phones?: { phone: string }[] }) => (body.phones ?? []).map((p) => p.phone);

describe('a workspace that does not share', () => {
  it("keeps its sightings, links and records from other workspaces' Verify and Signals until it shares", async () => {
    const w1 = await sharingKey();
    const w2 = await sharingKey();
    await share(w1, false);
    try {
      const email = uniqueEmail('hidden');
      const phone = uniquePhone();
      const name = { given: capital(letters()), family: capital(letters()) };
      const seen = Date.now() - 3 * YEAR;
      await feed('/api/events', w1.key, [
        { type: 'signup', observedAt: seen, source: 'shop', emails: [email], phones: [phone], name },
        { type: 'click', observedAt: seen + DAY, source: 'shop', emails: [email] },
      ]);
      const records = await feed('/api/records', w1.key, [
        { kind: 'breach', breach: 'HiddenLeak', breachedAt: Date.now() - 2 * YEAR, emails: [email] },
        { kind: 'phone', phone, lineType: 'VOIP', carrier: 'Hidden Telecom', observedAt: Date.now() - DAY },
      ]);
      expect(records.rejected).toEqual([]);

      // W2: the phone is unknown (Signals 204) ...
      expect((await signals({ phones: [phone] }, { key: w2.key })).status).toBe(204);
      // ... the email never seen, with no breach and no carrier facts ...
      const blind = await checksOf({ emails: [email] }, w2.key);
      expect(blind.EMAIL_NEVER_SEEN).toBe('TRUE');
      expect(blind.BREACHED_IDENTITY_COMPROMISED).not.toBe('LOW');
      expect((await checksOf({ phones: [phone] }, w2.key)).PHONE_TYPE).not.toBe('VOIP');
      // ... and its own sightings (those two calls) are all it learns of them: no name, no W1 phone.
      const own = await signals({ emails: [email] }, { key: w2.key });
      expect(own.status).toBe(200);
      expect(given(own.body)).toBeNull();
      expect(phonesOf(own.body)).not.toContain(phone);
      expect(own.body.emails[0].observations).toBe(1);
      expect(own.body.emails[0].firstSeenMs).toBeGreaterThan(seen + DAY);

      // W1 sees all of it, and W2's sightings too (W2 shares).
      const full = await signals({ emails: [email] }, { key: w1.key });
      expect(full.status).toBe(200);
      expect(given(full.body)).toBe(name.given.toLowerCase());
      expect(phonesOf(full.body)).toContain(phone);
      expect(full.body.emails[0].firstSeenMs).toBe(seen);
      // Two events of W1, W2's Verify and Signals calls.
      expect(full.body.emails[0].observations).toBe(4);
      const mine = await checksOf({ emails: [email] }, w1.key);
      expect(mine.EMAIL_NEVER_SEEN).toBe('FALSE');
      expect(mine.BREACHED_IDENTITY_COMPROMISED).toBe('LOW');

      // W1 shares: W2 sees it all.
      await share(w1, true);
      const shared = await signals({ emails: [email] }, { key: w2.key });
      expect(given(shared.body)).toBe(name.given.toLowerCase());
      expect(phonesOf(shared.body)).toContain(phone);
      expect(shared.body.emails[0].firstSeenMs).toBe(seen);
      const now = await checksOf({ emails: [email], phones: [phone] }, w2.key);
      expect(now.EMAIL_NEVER_SEEN).toBe('FALSE');
      expect(now.BREACHED_IDENTITY_COMPROMISED).toBe('LOW');
      expect(now.PHONE_TYPE).toBe('VOIP');

      const audited = await query<{ metadata: { from: boolean; to: boolean } }>(
        `select a.metadata from audit_log a join workspaces w on w.id = a.workspace_id
         where w.name = $1 and a.action = 'workspace.share_graph' order by a.created_at`,
        [w1.workspace],
      );
      expect(audited.map((row) => row.metadata)).toEqual([
        { from: true, to: false },
        { from: false, to: true },
      ]);
    } finally {
      await keysCli(['workspace-share', '--workspace', w1.workspace, '--share', 'on']);
    }
  });

  it('does not show its names, phones or addresses to a workspace that knows the person too', async () => {
    const w1 = await sharingKey();
    const w2 = await sharingKey();
    await share(w1, false);
    try {
      const email = uniqueEmail('both');
      const hiddenPhone = uniquePhone();
      const street = `${Math.floor(Math.random() * 900) + 100} ${capital(letters())} Street`;
      const hidden = { given: capital(letters()), family: capital(letters()) };
      const at = Date.now() - 10 * DAY;
      await feed('/api/events', w1.key, [
        {
          type: 'signup',
          observedAt: at,
          source: 'shop',
          emails: [email],
          phones: [hiddenPhone],
          name: hidden,
          location: {
            addressLine1: street,
            city: 'Springfield',
            state: 'IL',
            zip: '62701',
            countryCode: 'US',
          },
        },
      ]);
      const visible = { given: capital(letters()), family: capital(letters()) };
      await feed('/api/events', w2.key, [
        { type: 'signup', observedAt: at, source: 'web', emails: [email], name: visible },
      ]);
      const answer = await signals({ emails: [email] }, { key: w2.key });
      expect(answer.status).toBe(200);
      expect(given(answer.body)).toBe(visible.given.toLowerCase());
      expect(phonesOf(answer.body)).not.toContain(hiddenPhone);
      expect(JSON.stringify(answer.body).toLowerCase()).not.toContain(hidden.given.toLowerCase());
      expect(answer.body.locations).toEqual([]);
      expect(answer.body.emails[0].observations).toBe(1);
    } finally {
      await share(w1, true);
    }
  });
});

describe('link confidence', () => {
  it('counts contributing workspaces: 20 feeds of one workspace weigh as one, a second workspace raises it', async () => {
    const email = uniqueEmail('feeds');
    const phone = uniquePhone();
    const many = await sharingKey();
    const at = Date.now() - DAY;
    await feed(
      '/api/events',
      many.key,
      Array.from({ length: 20 }, (_, i) => ({
        type: 'signup',
        observedAt: at,
        source: `feed-${i}`,
        emails: [email],
        phones: [phone],
      })),
    );
    // The same pair seen once by one workspace, as a yardstick.
    const [otherEmail, otherPhone] = [uniqueEmail('one-feed'), uniquePhone()];
    const one = await sharingKey();
    await feed('/api/events', one.key, [
      { type: 'signup', observedAt: at, source: 'web', emails: [otherEmail], phones: [otherPhone] },
    ]);
    const single = await phoneConfidence(one.key, otherEmail, otherPhone);
    expect(single).toBeDefined();
    expect(await phoneConfidence(many.key, email, phone)).toBe(single);

    const second = await sharingKey();
    await feed('/api/events', second.key, [
      { type: 'signup', observedAt: at, source: 'web', emails: [email], phones: [phone] },
    ]);
    expect(await phoneConfidence(many.key, email, phone)).toBeGreaterThan(single ?? 1);
  });
});

describe('ingest time bounds, per item', () => {
  it('refuses sightings and breaches more than 10 years back or minutes ahead; the rest lands', async () => {
    const { key } = await sharingKey();
    const email = uniqueEmail('bounds');
    const events = await feed('/api/events', key, [
      { type: 'signup', observedAt: Date.now() - 11 * YEAR, source: 'shop', emails: [email] },
      { type: 'signup', observedAt: Date.now() - 9 * YEAR, source: 'shop', emails: [email] },
      { type: 'signup', observedAt: Date.now() + 10 * 60_000, source: 'shop', emails: [email] },
    ]);
    expect(events.accepted).toBe(1);
    expect(events.rejected.map((r) => [r.index, r.code])).toEqual([
      [0, 'TIMESTAMP_OUT_OF_RANGE'],
      [2, 'FUTURE_TIMESTAMP'],
    ]);
    const old = new Date(Date.now() - 11 * YEAR).toISOString().slice(0, 10);
    const records = await feed('/api/records', key, [
      { kind: 'breach', breach: 'AncientLeak', breachedAt: old, emails: [email] },
      { kind: 'phone', phone: uniquePhone(), lineType: 'MOBILE', observedAt: old },
      // A profile may truly be older than ten years: its creation date is accepted.
      { kind: 'profile', service: 'github', username: `u${tag()}`, createdAt: old, emails: [email] },
    ]);
    expect(records.rejected.map((r) => [r.index, r.code])).toEqual([
      [0, 'TIMESTAMP_OUT_OF_RANGE'],
      [1, 'TIMESTAMP_OUT_OF_RANGE'],
    ]);
    expect(records.accepted).toBe(1);
  });
});

describe('the sharing setting', () => {
  const put = async (client: ConsoleClient, body: unknown) =>
    readResponse(
      await client.fetch('/api/console/graph-sharing', {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      }),
    );

  it('is off for a new workspace; an admin sees what it contributes, turns it on and off, audited; analysts may not', async () => {
    const admin = await newUser('admin');
    const client = await signedIn(admin);
    const fresh = await client.json('/api/console/graph-sharing');
    expect(fresh.body).toEqual({
      shareGraph: false,
      contributions: { identifiers: {}, links: 0, breaches: 0, phoneRecords: 0, profileRecords: 0 },
    });
    // One Verify call in the workspace: an email and a phone seen together, so linked.
    const key = await newKey('verify,signals,ingest', [], admin.workspace);
    const called = await verify(
      { emails: [uniqueEmail('contributes')], phones: [uniquePhone()] },
      { key: key.key },
    );
    expect(called.status, called.text).toBe(201);
    const counted = await client.json('/api/console/graph-sharing');
    expect(counted.body).toEqual({
      shareGraph: false,
      contributions: {
        identifiers: { email: 1, phone: 1 },
        links: 1,
        breaches: 0,
        phoneRecords: 0,
        profileRecords: 0,
      },
    });
    const on = await put(client, { shareGraph: true });
    expect(on.status).toBe(200);
    expect(on.body).toEqual({ shareGraph: true, changed: true });
    expect((await client.json('/api/console/graph-sharing')).body).toMatchObject({ shareGraph: true });
    expect((await put(client, { shareGraph: true })).body).toEqual({ shareGraph: true, changed: false });
    expect((await put(client, { shareGraph: false })).body).toEqual({ shareGraph: false, changed: true });
    const audit = await query<{ actor: string; metadata: unknown }>(
      "select actor, metadata from audit_log where workspace_id = $1 and action = 'workspace.share_graph' order by created_at",
      [admin.workspaceId],
    );
    expect(audit).toEqual([
      { actor: admin.id, metadata: { from: false, to: true } },
      { actor: admin.id, metadata: { from: true, to: false } },
    ]);

    for (const body of [{}, { shareGraph: 'no' }, { shareGraph: null }, { shareGraph: true, extra: 1 }]) {
      const refused = await put(client, body);
      expectProblem(refused, 400, 'INVALID_INPUT');
    }
    const analyst = await signedIn(await newUser('analyst'));
    expectProblem(await analyst.json('/api/console/graph-sharing'), 403, 'FORBIDDEN');
    expectProblem(await put(analyst, { shareGraph: false }), 403, 'FORBIDDEN');
  });

  it('is shown and changed by the keys CLI', async () => {
    const created = await newKey('verify');
    const shown = await keysCli(['workspace-share', '--workspace', created.workspace]);
    expect(shown.code, shown.stderr).toBe(0);
    expect(JSON.parse(shown.stdout)).toEqual({ workspace: created.workspace, shareGraph: false });
    const bad = await keysCli(['workspace-share', '--workspace', created.workspace, '--share', 'maybe']);
    expect(bad.code).toBe(2);
    const missing = await keysCli(['workspace-share', '--workspace', `none-${Date.now()}`]);
    expect(missing.code).not.toBe(0);
  });
});
