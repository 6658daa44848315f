// Issue 12, item 5: pattern summaries keep their settled hours (ended more than an hour ago) in
// a per-process cache, dropped when migration 0022's triggers announce a change to them. Each
// "process" here is a pool of its own (its own hub and cache); events go through the server.

import { createHash } from 'node:crypto';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from '@/lib/db/client';
import { createPool } from '@/lib/db/client';
import { closeNotifications } from '@/lib/db/notifications';
import * as schema from '@/lib/db/schema';
import type { PatternInterval } from '@/lib/engine/types';
import { intervalSummaries, timeSeries } from '@/lib/services/graph/patterns';
import {
  type BucketCount,
  ROLLUP_CHANGES_CHANNEL,
  type SummaryCache,
  seriesCacheFor,
  summaryCacheFor,
} from '@/lib/services/graph/summary-cache';
import { KeyCache } from '@/lib/services/keys/key-cache';
import { pollUntil } from '../support/poll';
import { appConnectionUrl, call, connectionUrl, newKey, query, unique } from './support';

const HOUR = 3_600_000;
const pools: pg.Pool[] = [];
const databases: Database[] = [];

const closers: Array<() => Promise<void>> = [];

afterAll(async () => {
  for (const close of closers) await close();
  for (const database of databases) await closeNotifications(database);
  for (const pool of pools) await pool.end();
});

/** A pool of its own, as another server process has; named so its connections can be found. */
function processDb(applicationName?: string): Database {
  const url = new URL(appConnectionUrl());
  if (applicationName) url.searchParams.set('application_name', applicationName);
  const pool = createPool(url.toString(), 4);
  pools.push(pool);
  const database = drizzle({ client: pool, schema });
  databases.push(database);
  return database;
}

/** A process's cache once its LISTEN is established (a few milliseconds after first use). */
async function listening<T>(cacheOf: () => T | null): Promise<T> {
  const { value } = await pollUntil(
    async () => cacheOf(),
    (cache) => cache !== null,
    5_000,
  );
  if (!value) throw new Error('the cache never started listening');
  return value;
}

const listeningCache = (database: Database) => listening(() => summaryCacheFor(database));

const emailId = async (email: string) => {
  const [row] = await query<{ id: string }>(
    `select id from identifiers where kind = 'email' and value = $1`,
    [createHash('sha256').update(email).digest('hex')],
  );
  if (!row) throw new Error(`no identifier for ${email}`);
  return row.id;
};

async function ingest(key: string, events: object[]): Promise<void> {
  const response = await call('/api/events', { key, body: events });
  expect(response.status).toBe(202);
  expect(response.body.accepted).toBe(events.length);
}

const event = (email: string, agoMs: number, type: string, source: string) => ({
  id: unique('evt'),
  type,
  observedAt: Date.now() - agoMs,
  source,
  emails: [email],
});

/** Each window's length in hours (the contract's intervals). */
const WINDOW_HOURS: Record<PatternInterval, number> = {
  hour: 1,
  day: 24,
  week: 168,
  month: 720,
  '6month': 4368,
  year: 8760,
};

/** Ages of sightings around every window's edges and the hours that settle. */
const AGES = [
  5 * 60_000,
  20 * 60_000,
  90 * 60_000,
  3 * HOUR,
  23.5 * HOUR,
  24 * HOUR + 60_000,
  6 * 24 * HOUR,
  29 * 24 * HOUR,
  200 * 24 * HOUR,
  364 * 24 * HOUR,
];

/** Adds to an identifier's rollups as the schema owner; silently: with the triggers disabled. */
async function addToRollups(id: string, type: string, n: number, silently: boolean): Promise<void> {
  const owner = new pg.Client({ connectionString: connectionUrl() });
  await owner.connect();
  try {
    await owner.query('begin');
    if (silently) await owner.query('alter table observation_rollups disable trigger user');
    await owner.query(
      `update observation_rollups set count = count + $3 where identifier_id = $1 and type = $2`,
      [id, type, n],
    );
    if (silently) await owner.query('alter table observation_rollups enable trigger user');
    await owner.query('commit');
  } finally {
    await owner.end();
  }
}

/** An email sighted once at each of AGES before now (types and sources alternating), and a process to read it. */
async function agedEmail(label: string) {
  const { key } = await newKey('ingest');
  const email = `${unique(label)}@example.com`;
  const now = Date.now();
  await ingest(
    key,
    AGES.map((ago, i) => ({
      ...event(email, ago, i % 2 ? 'signup' : 'visitor', `feed-${i % 3}`),
      observedAt: now - ago,
    })),
  );
  return { id: await emailId(email), database: processDb(), now, at: new Date(now) };
}

describe('pattern summaries with the settled-hours cache', () => {
  it('reads settled hours once: a silent change to them is not seen, an announced one within a second', async () => {
    const { key } = await newKey('ingest');
    const email = `${unique('settled')}@example.com`;
    await ingest(key, [
      event(email, 3 * HOUR, 'signup', 'shop'),
      event(email, 50 * HOUR, 'visitor', 'web'),
      event(email, 10 * 60_000, 'click', 'web'),
    ]);
    const id = await emailId(email);
    const database = processDb();
    const cache = await listeningCache(database);
    const now = new Date();
    const week = async (withCache: SummaryCache | null) =>
      (await intervalSummaries(database, [id], 'week', now, undefined, withCache)).get(id);
    expect(await week(cache)).toEqual({
      observations: 3,
      sources: 2,
      events: [
        { type: 'click', observations: 1, sources: 1 },
        { type: 'signup', observations: 1, sources: 1 },
        { type: 'visitor', observations: 1, sources: 1 },
      ],
    });

    // Behind the triggers' back (disabled inside this one transaction): the cache does not see it.
    await addToRollups(id, 'signup', 10, true);
    expect((await week(null))?.observations).toBe(13);
    expect((await week(cache))?.observations).toBe(3);
    // Announced (the trigger runs): the cache drops the identifier and reads it again.
    await addToRollups(id, 'visitor', 1, false);
    const seen = await pollUntil(
      () => week(cache),
      (summary) => summary?.observations === 14,
      1_000,
    );
    expect(seen.value?.observations).toBe(14);
    expect(seen.ms).toBeLessThan(1_000);
  });

  it('a backdated event ingested by the server reaches another process within a second; live ones announce nothing', async () => {
    const { key } = await newKey('ingest');
    const email = `${unique('backdated')}@example.com`;
    await ingest(key, [event(email, 5 * HOUR, 'signup', 'shop')]);
    const id = await emailId(email);
    const database = processDb();
    const cache = await listeningCache(database);
    const year = async () =>
      (await intervalSummaries(database, [id], 'year', new Date(), undefined, cache)).get(id);
    expect((await year())?.observations).toBe(1);

    const heard: string[] = [];
    const listener = new pg.Client({ connectionString: connectionUrl() });
    await listener.connect();
    try {
      listener.on('notification', (message) => heard.push(message.payload ?? ''));
      await listener.query(`LISTEN ${ROLLUP_CHANGES_CHANNEL}`);
      // The current hour first: if it announced anything, that would arrive first (commit order).
      await ingest(key, [event(email, 0, 'click', 'web')]);
      await ingest(key, [event(email, 30 * HOUR, 'visitor', 'web')]);
      const seen = await pollUntil(
        () => year(),
        (summary) => summary?.observations === 3,
        1_000,
      );
      expect(seen.value).toMatchObject({ observations: 3, sources: 2 });
      expect(seen.ms).toBeLessThan(1_000);
      await pollUntil(
        async () => heard.length,
        (n) => n > 0,
        1_000,
      );
      expect(heard[0]?.split(',')).toContain(id);
      expect(heard.every((payload) => payload.split(',').includes(id) || payload === '*')).toBe(true);
    } finally {
      await listener.end();
    }
  });

  it("announces '*' for a change to more than 100 identifiers", async () => {
    const { key } = await newKey('ingest');
    const listener = new pg.Client({ connectionString: connectionUrl() });
    await listener.connect();
    const heard: string[] = [];
    try {
      listener.on('notification', (message) => heard.push(message.payload ?? ''));
      await listener.query(`LISTEN ${ROLLUP_CHANGES_CHANNEL}`);
      const prefix = unique('many');
      await ingest(
        key,
        Array.from({ length: 101 }, (_, i) =>
          event(`${prefix}-${i}@example.com`, 4 * HOUR, 'signup', 'shop'),
        ),
      );
      const { value } = await pollUntil(
        async () => heard.length,
        (n) => n > 0,
        2_000,
      );
      expect(value).toBeGreaterThan(0);
      expect(heard).toContain('*');
    } finally {
      await listener.end();
    }
  });

  it('answers as the database does for every window, cached or not, to the millisecond at the edge', async () => {
    const { id, database, at } = await agedEmail('edges');
    const cache = await listeningCache(database);
    for (const interval of Object.keys(WINDOW_HOURS) as PatternInterval[]) {
      const expected = AGES.filter((ago) => ago <= WINDOW_HOURS[interval] * HOUR).length;
      const plain = (await intervalSummaries(database, [id], interval, at)).get(id);
      const first = (await intervalSummaries(database, [id], interval, at, undefined, cache)).get(id);
      const again = (await intervalSummaries(database, [id], interval, at, undefined, cache)).get(id);
      expect(plain?.observations ?? 0, interval).toBe(expected);
      expect(first, interval).toEqual(plain);
      expect(again, interval).toEqual(plain);
    }
  });

  it('one LISTEN connection serves the key and summary caches; lost, it comes back and the summary cache starts afresh', async () => {
    const name = `hub-${process.pid}-${Date.now()}`;
    const database = processDb(name);
    const keys = new KeyCache(database, { listen: true });
    closers.push(() => keys.close());
    const cache = await listeningCache(database);
    await pollUntil(async () => keys.listening, Boolean, 5_000);
    // As the application role: it sees its own sessions' last statements.
    const app = new pg.Client({ connectionString: appConnectionUrl() });
    await app.connect();
    try {
      const listeners = async () =>
        (
          await app.query<{ pid: number }>(
            `select pid from pg_stat_activity where application_name = $1 and query like 'LISTEN %'`,
            [name],
          )
        ).rows;
      const [listener, ...others] = await listeners();
      expect(listener).toBeDefined();
      expect(others).toHaveLength(0);

      cache.store('idn_kept', 'part', [{ type: 'signup', source: 'ws_a', n: 1 }], cache.epoch);
      expect(cache.size).toBe(1);
      await app.query('select pg_terminate_backend($1)', [listener?.pid]);
      const lost = await pollUntil(
        async () => summaryCacheFor(database),
        (c) => c === null,
        2_000,
      );
      expect(lost.value).toBeNull();
      expect(keys.listening).toBe(false);
      const back = await pollUntil(
        async () => summaryCacheFor(database),
        (c) => c !== null,
        5_000,
      );
      expect(back.value).toBe(cache);
      expect(keys.listening).toBe(true);
      // Whatever was announced while it was down was missed: nothing kept from before survives.
      expect(cache.size).toBe(0);
      expect(await listeners()).toHaveLength(1);
    } finally {
      await app.end();
    }
  });
});

describe('sparklines with the settled-hours cache', () => {
  const seriesCache = (database: Database) => listening(() => seriesCacheFor(database));

  it('answers as the database does for every window, cached or not, each sighting in its bucket', async () => {
    const { id, database, now, at } = await agedEmail('sparkline');
    const cache = await seriesCache(database);
    for (const interval of Object.keys(WINDOW_HOURS) as PatternInterval[]) {
      const inside = AGES.filter((ago) => ago <= WINDOW_HOURS[interval] * HOUR);
      const plain = await timeSeries(database, id, interval, at);
      const first = await timeSeries(database, id, interval, at, undefined, cache);
      const again = await timeSeries(database, id, interval, at, undefined, cache);
      // Each sighting in the bucket holding its time, nothing else anywhere.
      const expected = new Map<number, number>();
      for (const ago of inside) {
        const start = Math.floor((now - ago) / plain.bucketMs) * plain.bucketMs;
        expected.set(start, (expected.get(start) ?? 0) + 1);
      }
      const counted = new Map(
        plain.buckets.filter((b) => b.observations > 0).map((b) => [b.startMs, b.observations]),
      );
      expect(counted, interval).toEqual(expected);
      expect(first, interval).toEqual(plain);
      expect(again, interval).toEqual(plain);
    }
  });

  it('reads settled hours once: a silent change to them is not seen, an announced one within a second', async () => {
    const { key } = await newKey('ingest');
    const email = `${unique('series-settled')}@example.com`;
    await ingest(key, [event(email, 3 * HOUR, 'signup', 'shop'), event(email, 10 * 60_000, 'click', 'web')]);
    const id = await emailId(email);
    const database = processDb();
    const cache = await seriesCache(database);
    const now = new Date();
    const total = async (withCache: SummaryCache<BucketCount> | null) =>
      (await timeSeries(database, id, 'day', now, undefined, withCache)).buckets.reduce(
        (sum, b) => sum + b.observations,
        0,
      );
    expect(await total(cache)).toBe(2);

    await addToRollups(id, 'signup', 10, true);
    expect(await total(null)).toBe(12);
    expect(await total(cache)).toBe(2);
    await addToRollups(id, 'signup', 1, false);
    const seen = await pollUntil(
      () => total(cache),
      (n) => n === 13,
      1_000,
    );
    expect(seen.value).toBe(13);
    expect(seen.ms).toBeLessThan(1_000);
  });
});
