import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { call, newKey, query, signals } from './support';

const digest = (algorithm: string, text: string) => createHash(algorithm).update(text).digest('hex');
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WINDOWS = {
  hour: HOUR,
  day: DAY,
  week: 7 * DAY,
  month: 30 * DAY,
  '6month': 182 * DAY,
  year: 365 * DAY,
} as const;
const INTERVALS = Object.keys(WINDOWS) as (keyof typeof WINDOWS)[];
const TYPES = ['visitor', 'signup', 'click'] as const;

const unique = (label: string) =>
  `${label}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;

async function ingest(path: '/api/events' | '/api/records', key: string, items: unknown[]) {
  return call(path, { key, body: items });
}

describe('POST /api/events and pattern summaries', () => {
  it('counts per interval, per event type and unique sources for events just inside and outside each window', async () => {
    const { key } = await newKey('signals,ingest');
    const email = unique('windows');
    const now = Date.now();
    // For each window W: one event 2 minutes inside it, one 2 minutes outside it.
    const events = INTERVALS.flatMap((interval, j) => [
      {
        type: TYPES[j % 3],
        observedAt: new Date(now - WINDOWS[interval] + 2 * MINUTE).toISOString(),
        source: `in-${j}`,
        emails: [email],
      },
      {
        type: TYPES[(j + 1) % 3],
        observedAt: now - WINDOWS[interval] - 2 * MINUTE,
        source: `out-${j}`,
        emails: [email],
      },
    ]);
    const posted = await ingest('/api/events', key, events);
    expect(posted.status).toBe(202);
    expect(posted.body).toEqual({ accepted: 12, duplicates: 0, rejected: [] });

    for (const [k, interval] of INTERVALS.entries()) {
      const response = await signals({ emails: [email], patternInterval: interval }, { key });
      expect(response.status).toBe(200);
      const summary = response.body.emails[0][interval];
      // Inside W_k: the "in" events of windows 0..k, the "out" events of windows 0..k-1, and the
      // k earlier Signals calls of this loop (each is itself an observation, from this workspace).
      expect(summary.observations, interval).toBe(2 * k + 1 + k);
      expect(summary.sources, interval).toBe(2 * k + 1 + (k > 0 ? 1 : 0));
      const byType = Object.fromEntries(
        summary.events.map((e: { type: string; observations: number }) => [e.type, e.observations]),
      );
      const expected: Record<string, number> = k > 0 ? { signals: k } : {};
      const add = (type: string) => {
        expected[type] = (expected[type] ?? 0) + 1;
      };
      for (let j = 0; j <= k; j++) add(TYPES[j % 3] ?? '');
      for (let j = 0; j < k; j++) add(TYPES[(j + 1) % 3] ?? '');
      expect(byType, interval).toEqual(expected);
    }
  });

  it('first/last seen, the three hashes, and lookup by each hash form', async () => {
    const { key } = await newKey('signals,ingest');
    const email = unique('seen');
    const first = Date.parse('2021-03-04T05:06:07.000Z');
    const last = Date.parse('2026-01-02T03:04:05.000Z');
    await ingest('/api/events', key, [
      { type: 'signup', observedAt: first, source: 'shop', email },
      { type: 'click', observedAt: new Date(last).toISOString(), source: 'mail', email },
    ]);
    const before = Date.now();
    for (const [i, form] of [
      email,
      digest('md5', email),
      digest('sha1', email),
      digest('sha256', email),
    ].entries()) {
      const response = await signals({ emails: [form] }, { key });
      expect(response.status).toBe(200);
      expect(response.body.emails[0]).toMatchObject({
        md5: digest('md5', email),
        sha1: digest('sha1', email),
        sha256: digest('sha256', email),
        firstSeenMs: first,
        // Each lookup is itself an observation, seen now.
        observations: 2 + i,
        confidence: 1,
      });
      if (i === 0) expect(response.body.emails[0].lastSeenMs).toBe(last);
      else expect(response.body.emails[0].lastSeenMs).toBeGreaterThanOrEqual(before);
    }
  });

  it('links identifiers seen together and returns them with lower confidence than the match', async () => {
    const { key } = await newKey('signals,ingest');
    const a = unique('link-a');
    const b = unique('link-b');
    const phone = '+14155550188';
    await ingest('/api/events', key, [
      {
        type: 'signup',
        observedAt: Date.now() - DAY,
        source: 'shop',
        emails: [a],
        phones: [phone],
        name: { given: 'Ada', family: 'Lovelace' },
      },
      { type: 'visitor', observedAt: Date.now() - HOUR, source: 'web', emails: [b], phones: [phone] },
      {
        type: 'visitor',
        observedAt: Date.now() - HOUR,
        source: 'web',
        emails: [b],
        ipAddress: '81.2.69.142',
        organization: 'Analytical Engines',
        title: 'Engineer',
      },
    ]);
    const response = await signals({ emails: [a] }, { key });
    expect(response.status).toBe(200);
    const emails = response.body.emails.map((e: { sha256: string; confidence: number }) => [
      e.sha256,
      e.confidence,
    ]);
    expect(emails).toContainEqual([digest('sha256', a), 1]);
    const linked = emails.find(([sha]: [string]) => sha === digest('sha256', b));
    expect(linked?.[1]).toBeGreaterThan(0);
    expect(linked?.[1]).toBeLessThan(1);
    expect(response.body.phones).toEqual([expect.objectContaining({ phone, confidence: 0.5 })]);
    expect(response.body.name).toMatchObject({ given: 'Ada', family: 'Lovelace' });
    expect(response.body.ipAddresses.map((i: { ipAddress: string }) => i.ipAddress)).toEqual(['81.2.69.142']);
    expect(response.body.employment[0]).toMatchObject({
      organization: 'Analytical Engines',
      title: 'Engineer',
    });
    const persons = await query<{ n: number }>(
      'select count(distinct person_id)::int as n from identifiers where value = any($1)',
      [[digest('sha256', a), digest('sha256', b), phone]],
    );
    expect(persons[0]?.n).toBe(1);
  });

  it('caps hub identifiers: a phone shared by many emails stops merging them', async () => {
    const { key } = await newKey('signals,ingest');
    const phone = '+14155550199';
    const emails = Array.from({ length: 30 }, (_, i) => unique(`hub${i}`));
    await ingest(
      '/api/events',
      key,
      emails.map((email, i) => ({
        type: 'signup',
        observedAt: Date.now() - i * MINUTE,
        source: 'call-centre',
        emails: [email],
        phones: [phone],
      })),
    );
    const [row] = await query<{ is_hub: boolean; link_count: number }>(
      'select is_hub, link_count from identifiers where value = $1',
      [phone],
    );
    expect(row).toMatchObject({ is_hub: true, link_count: 30 });
    // Neither the emails linked before the phone became a hub nor those after are merged.
    for (const email of [emails[0], emails[20], emails[29]]) {
      const response = await signals({ emails: [email] }, { key });
      expect(response.status).toBe(200);
      expect(response.body.emails).toHaveLength(1);
    }
    const persons = await query<{ merged: number }>(
      'select count(*)::int as merged from identifiers where value = any($1) and person_id is not null',
      [[...emails.map((e) => digest('sha256', e)), phone]],
    );
    expect(persons[0]?.merged).toBe(0);
  });

  it('splits a cluster when its shared phone becomes a hub across batches', async () => {
    const { key } = await newKey('signals,ingest');
    const phone = '+14155550177';
    const emails = Array.from({ length: 30 }, (_, i) => unique(`split${i}`));
    // One event per request: every early link merges before the phone looks like a hub.
    for (const [i, email] of emails.entries()) {
      const response = await ingest('/api/events', key, [
        {
          type: 'signup',
          observedAt: Date.now() - i * MINUTE,
          source: 'shop',
          emails: [email],
          phones: [phone],
        },
      ]);
      expect(response.status).toBe(202);
    }
    // Two emails that really belong together stay together.
    const pair = [unique('pair-a'), unique('pair-b')];
    await ingest('/api/events', key, [
      { type: 'signup', observedAt: Date.now(), source: 'shop', emails: pair },
    ]);
    const first = await signals({ emails: [emails[0]] }, { key });
    expect(first.body.emails).toHaveLength(1);
    const together = await signals({ emails: [pair[0]] }, { key });
    expect(together.body.emails).toHaveLength(2);
  });

  it('is idempotent by event id, within a request and across requests', async () => {
    const { key } = await newKey('signals,ingest');
    const email = unique('idem');
    const batch = [
      { id: 'evt-1', type: 'visitor', observedAt: Date.now() - MINUTE, source: 'web', email },
      { id: 'evt-2', type: 'click', observedAt: Date.now() - MINUTE, source: 'mail', email },
      { id: 'evt-1', type: 'visitor', observedAt: Date.now() - MINUTE, source: 'web', email },
      { type: 'visitor', observedAt: Date.now() - MINUTE, source: 'web', email },
    ];
    expect((await ingest('/api/events', key, batch)).body).toEqual({
      accepted: 3,
      duplicates: 1,
      rejected: [],
    });
    expect((await ingest('/api/events', key, batch.slice(0, 3))).body).toEqual({
      accepted: 0,
      duplicates: 3,
      rejected: [],
    });
    const response = await signals({ emails: [email] }, { key });
    expect(response.body.emails[0].observations).toBe(3);
    // Event ids are per workspace: another workspace's evt-1 is its own event.
    const other = await newKey('ingest');
    expect((await ingest('/api/events', other.key, batch.slice(0, 1))).body.accepted).toBe(1);
  });

  it('reports a rejected row by index while the rest land (JSON array and NDJSON)', async () => {
    const { key } = await newKey('signals,ingest');
    const email = unique('partial');
    const json = await ingest('/api/events', key, [
      { type: 'visitor', observedAt: Date.now() - MINUTE, source: 'web', email },
      { type: 'bogus', observedAt: Date.now() - MINUTE, source: 'web', email },
      { type: 'visitor', observedAt: Date.now() + DAY, source: 'web', email },
      { type: 'visitor', observedAt: Date.now() - MINUTE, source: 'web' },
      { type: 'click', observedAt: Date.now() - MINUTE, source: 'web', email },
    ]);
    expect(json.status).toBe(202);
    expect(json.body.accepted).toBe(2);
    expect(json.body.rejected.map((r: { index: number; code: string }) => [r.index, r.code])).toEqual([
      [1, 'INVALID_EVENT'],
      [2, 'FUTURE_TIMESTAMP'],
      [3, 'NO_MINIMUM_IDENTIFIER'],
    ]);
    const lines = [
      JSON.stringify({ type: 'signup', observedAt: Date.now() - MINUTE, source: 'web', email }),
      '{"type": "visitor", ',
      JSON.stringify({ type: 'signup', observedAt: Date.now() - MINUTE, source: 'web', email }),
    ].join('\n');
    const ndjson = await call('/api/events', {
      key,
      rawBody: lines,
      headers: { 'Content-Type': 'application/x-ndjson' },
    });
    expect(ndjson.status).toBe(202);
    expect(ndjson.body).toMatchObject({
      accepted: 2,
      rejected: [expect.objectContaining({ index: 1, code: 'MALFORMED_JSON' })],
    });
    expect((await signals({ emails: [email] }, { key })).body.emails[0].observations).toBe(4);
  });

  it('concurrent batches that share identifiers all land (deadlock victims are retried)', async () => {
    const { key } = await newKey('signals,ingest');
    const emails = Array.from({ length: 40 }, (_, i) => unique(`race${i}`));
    const phones = Array.from({ length: 40 }, (_, i) => `+1415556${String(1000 + i)}`);
    // Each batch links the same emails to the same phones, in a different order.
    const batches = [0, 1, 2, 3].map((shift) =>
      emails.map((email, i) => ({
        type: 'visitor',
        observedAt: Date.now() - MINUTE,
        source: `race-${shift}`,
        emails: [email, emails[(i + shift + 1) % emails.length]],
        phones: [phones[(i * (shift + 1)) % phones.length]],
      })),
    );
    const results = await Promise.all(batches.map((batch) => ingest('/api/events', key, batch)));
    expect(results.map((r) => r.status)).toEqual([202, 202, 202, 202]);
    expect(results.map((r) => r.body.accepted)).toEqual([40, 40, 40, 40]);
    // Everything is linked together: one person.
    const persons = await query<{ n: number }>(
      'select count(distinct person_id)::int as n from identifiers where value = any($1)',
      [emails.map((e) => digest('sha256', e))],
    );
    expect(persons[0]?.n).toBe(1);
  });

  it('refuses more than 10,000 items and bodies that are not arrays', async () => {
    const { key } = await newKey('ingest');
    const many = Array.from({ length: 10_001 }, () => ({}));
    const tooMany = await ingest('/api/events', key, many);
    expect(tooMany.status).toBe(413);
    const notArray = await call('/api/events', { key, body: { type: 'visitor' } });
    expect(notArray.status).toBe(400);
    expect(notArray.body.code).toBe('INVALID_INPUT');
  });
});

describe('POST /api/records', () => {
  it('stores breaches, phone records and profiles idempotently, and Signals shows the profile', async () => {
    const { key } = await newKey('signals,ingest');
    const email = unique('records');
    const records = [
      { kind: 'breach', breach: 'ExampleLeak', breachedAt: '2024-05-01', emails: [email] },
      {
        kind: 'phone',
        phone: '+14155550166',
        lineType: 'mobile',
        carrier: 'Carrier A',
        observedAt: '2025-01-01',
      },
      {
        kind: 'phone',
        phone: '+14155550166',
        lineType: 'VOIP',
        carrier: 'Carrier B',
        observedAt: '2026-01-01',
        dno: 'text',
      },
      {
        kind: 'profile',
        service: 'social',
        username: '@ada_l',
        createdAt: '2015-06-01',
        followers: 120,
        following: 80,
        country: 'GB',
        emails: [email],
      },
      { kind: 'satellite' },
    ];
    const first = await ingest('/api/records', key, records);
    expect(first.status).toBe(202);
    expect(first.body).toMatchObject({
      accepted: 4,
      duplicates: 0,
      rejected: [expect.objectContaining({ index: 4, code: 'INVALID_RECORD' })],
    });
    const again = await ingest('/api/records', key, records.slice(0, 4));
    expect(again.body).toMatchObject({ accepted: 0, duplicates: 4 });

    const response = await signals({ emails: [email] }, { key });
    expect(response.body.socialProfiles).toEqual([
      expect.objectContaining({
        service: 'social',
        username: 'ada_l',
        createdAtMs: Date.parse('2015-06-01'),
        followers: 120,
        country: 'GB',
      }),
    ]);
    const breaches = await query<{ breach: string }>(
      'select b.breach from breaches b join identifiers i on i.id = b.identifier_id where i.value = $1',
      [digest('sha256', email)],
    );
    expect(breaches.map((b) => b.breach)).toEqual(['ExampleLeak']);
    const phones = await query<{ line_type: string; dno: string | null }>(
      'select line_type, dno from phone_records where phone = $1 order by observed_at',
      ['+14155550166'],
    );
    expect(phones).toEqual([
      { line_type: 'MOBILE', dno: null },
      { line_type: 'VOIP', dno: 'text' },
    ]);
  });
});

describe('single-email pattern operations', () => {
  it('summary returns every interval; timeseries returns evenly sized buckets by type', async () => {
    const { key } = await newKey('signals,ingest');
    const email = unique('series');
    const now = Date.now();
    await ingest('/api/events', key, [
      { type: 'visitor', observedAt: now - 2 * HOUR, source: 'web', email },
      { type: 'click', observedAt: now - 2 * HOUR, source: 'mail', email },
      { type: 'visitor', observedAt: now - 3 * DAY, source: 'web', email },
    ]);
    const summary = await call('/api/signals/patterns/summary', { key, body: { email } });
    expect(summary.status).toBe(200);
    expect(summary.body).toMatchObject({ email, sha256: digest('sha256', email) });
    expect(INTERVALS.map((i) => summary.body[i].observations)).toEqual([0, 2, 3, 3, 3, 3]);
    expect(summary.body.day.sources).toBe(2);

    const series = await call('/api/signals/patterns/timeseries', { key, body: { email, interval: 'day' } });
    expect(series.status).toBe(200);
    expect(series.body).toMatchObject({ interval: 'day', bucketMs: HOUR });
    // From the bucket holding the window's start to the one holding now: 25 hours unless aligned.
    expect([24, 25]).toContain(series.body.buckets.length);
    const total = series.body.buckets.reduce(
      (sum: number, b: { observations: number }) => sum + b.observations,
      0,
    );
    expect(total).toBe(2);
    const busy = series.body.buckets.find((b: { observations: number }) => b.observations > 0);
    expect(busy.events).toEqual({ visitor: 1, click: 1 });

    const week = await call('/api/signals/patterns/timeseries', { key, body: { email, interval: 'week' } });
    expect([28, 29]).toContain(week.body.buckets.length);
    expect(week.body.buckets.reduce((s: number, b: { observations: number }) => s + b.observations, 0)).toBe(
      3,
    );

    expect(
      (await call('/api/signals/patterns/summary', { key, body: { email: unique('never') } })).status,
    ).toBe(204);
    const bad = await call('/api/signals/patterns/timeseries', { key, body: { email, interval: 'decade' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].path).toBe('interval');
  });
});
