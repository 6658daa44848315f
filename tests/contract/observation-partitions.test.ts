// Issue 12, item 6: observations partitioned by month (migration 0023), a retention that drops
// old months whole while their hours stay in observation_rollups, and the maintenance that keeps
// the partitions in step with the clock (lib/services/maintenance/observation-partitions.ts).
// The retention runs on a database of its own: on the suite's shared one it would drop the old
// sightings other tests read.

import { randomBytes } from 'node:crypto';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool } from '@/lib/db/client';
import { hasPgCode } from '@/lib/db/pg-error';
import * as schema from '@/lib/db/schema';
import { intervalSummaries } from '@/lib/services/graph/patterns';
import type { IdentifierMatch } from '@/lib/services/graph/person';
import { seenBefore } from '@/lib/services/graph/seen-before';
import { maintainObservationPartitions } from '@/lib/services/maintenance/observation-partitions';
import { privateDatabase } from './private-database';
import { appConnectionUrl, call, newKey, query } from './support';

const DAY = 86_400_000;
const monthName = (at: Date) =>
  `observations_${at.getUTCFullYear()}_${String(at.getUTCMonth() + 1).padStart(2, '0')}`;
/** The first instant of the month `k` months after `at`'s. */
const monthStart = (at: Date, k: number) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + k, 1));

describe('observations by month, on the running server', () => {
  it('a sighting lands in the partition of its month; one older than the months kept in the default', async () => {
    const key = await newKey('ingest');
    const email = `partitioned.${Date.now()}.${randomBytes(3).toString('hex')}@example.com`;
    const now = Date.now();
    const fiveYears = now - 5 * 365 * DAY;
    const response = await call('/api/events', {
      key: key.key,
      body: [
        { type: 'signup', observedAt: now, source: 'web', email },
        { type: 'visitor', observedAt: fiveYears, source: 'web', email },
      ],
    });
    expect(response.body).toMatchObject({ accepted: 2 });
    const rows = await query<{ partition: string; observed_at: Date }>(
      `select o.tableoid::regclass::text as partition, o.observed_at from observations o
       join identifiers i on i.id = o.identifier_id
       where i.kind = 'email' and i.value = encode(sha256(convert_to($1, 'UTF8')), 'hex') order by o.observed_at`,
      [email],
    );
    expect(rows.map((r) => [r.partition, r.observed_at.getTime()])).toEqual([
      ['observations_default', fiveYears],
      [monthName(new Date(now)), now],
    ]);
    const [kind] = await query<{ kind: string }>(
      `select c.relkind::text as kind from pg_class c where c.oid = 'observations'::regclass`,
    );
    expect(kind?.kind).toBe('p');
  });
});

describe('the maintenance, on a database of its own', () => {
  let ownerUrl = '';
  let appUrl = '';
  let drop: () => Promise<void> = async () => undefined;
  let owner: pg.Client;

  beforeAll(async () => {
    ({ ownerUrl, appUrl, drop } = await privateDatabase('partitions'));
    owner = new pg.Client({ connectionString: ownerUrl });
    await owner.connect();
  });

  afterAll(async () => {
    await owner?.end();
    await drop();
  });

  const sql = async <T extends pg.QueryResultRow>(text: string, params: unknown[] = []) =>
    (await owner.query<T>(text, params)).rows;
  const partitions = async () =>
    (
      await sql<{ name: string }>(
        `select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
         where i.inhparent = 'observations'::regclass order by 1`,
      )
    ).map((r) => r.name);
  const where = async (id: string) =>
    await sql<{ partition: string; seq: string; observed_at: Date }>(
      `select tableoid::regclass::text as partition, seq::text, observed_at from observations
       where identifier_id = $1 order by observed_at`,
      [id],
    );
  /** A sighting of `id` at each instant, with its rollup, as observe() writes them. */
  async function sight(id: string, times: number[]): Promise<void> {
    await sql(
      `insert into identifiers (id, kind, value, first_seen_at, last_seen_at, observations)
       values ($1, 'email', $1, $2, $3, $4) on conflict do nothing`,
      [id, new Date(Math.min(...times)), new Date(Math.max(...times)), times.length],
    );
    for (const at of times) {
      await sql(
        `insert into observations (identifier_id, type, source, observed_at) values ($1, 'signup', 'ws_p', $2)`,
        [id, new Date(at)],
      );
      await sql(
        `insert into observation_rollups as r (identifier_id, hour, type, source, count)
         values ($1, date_trunc('hour', $2::timestamptz), 'signup', 'ws_p', 1)
         on conflict (identifier_id, hour, type, source) do update set count = r.count + 1`,
        [id, new Date(at)],
      );
    }
  }

  it('creates every month from the horizon to two ahead, once; a second run changes nothing', async () => {
    const now = new Date();
    const first = await maintainObservationPartitions(ownerUrl, now, 25);
    expect(first.ran).toBe(true);
    const expected = Array.from({ length: 25 + 1 + 2 }, (_, k) => monthName(monthStart(now, k - 25)));
    expect(await partitions()).toEqual(expect.arrayContaining([...expected, 'observations_default']));
    expect((await partitions()).filter((p) => p !== 'observations_default').sort()).toEqual(expected.sort());
    expect(first.horizon.getTime()).toBe(monthStart(now, -25).getTime());
    const second = await maintainObservationPartitions(ownerUrl, now, 25);
    expect(second).toMatchObject({ ran: true, created: [], dropped: [], expired: 0, deferred: [] });
  });

  it('moves the rows a missing month left in the default partition into that month when it is created', async () => {
    const now = new Date();
    const id = `idn_moved_${randomBytes(3).toString('hex')}`;
    // Four months ahead: no partition yet (a launcher that was stopped for months, say).
    const ahead = monthStart(now, 4).getTime() + 3 * DAY;
    await sight(id, [ahead, ahead + DAY]);
    const before = await where(id);
    expect(before.map((r) => r.partition)).toEqual(['observations_default', 'observations_default']);
    const later = new Date(monthStart(now, 3).getTime() + DAY);
    const run = await maintainObservationPartitions(ownerUrl, later, 25);
    expect(run.created).toContain(monthName(new Date(ahead)));
    const after = await where(id);
    expect(after.map((r) => r.partition)).toEqual([monthName(new Date(ahead)), monthName(new Date(ahead))]);
    expect(after.map((r) => [r.seq, r.observed_at.getTime()])).toEqual(
      before.map((r) => [r.seq, r.observed_at.getTime()]),
    );
  });

  it('drops the months past the retention; the year summary, rollups and identifier stay as they were', async () => {
    const now = new Date();
    const id = `idn_kept_${randomBytes(3).toString('hex')}`;
    const old = [now.getTime() - 20 * 30 * DAY, now.getTime() - 15 * 30 * DAY];
    const recent = [now.getTime() - 200 * DAY, now.getTime() - 2 * DAY];
    await sight(id, [...old, ...recent]);
    await sight(`${id}_ancient`, [now.getTime() - 8 * 365 * DAY]);
    const pool = createPool(ownerUrl, 2);
    const db = drizzle({ client: pool, schema });
    try {
      const summary = async () => Object.fromEntries(await intervalSummaries(db, [id], 'year', now));
      const identifier = async () =>
        await sql('select first_seen_at, last_seen_at, observations from identifiers where id = $1', [id]);
      const rollups = async () =>
        await sql('select hour, count from observation_rollups where identifier_id = $1 order by hour', [id]);
      const [summaryBefore, identifierBefore, rollupsBefore] = [
        await summary(),
        await identifier(),
        await rollups(),
      ];
      expect(rollupsBefore).toHaveLength(4);

      const horizon = monthStart(now, -13);
      const pastHorizon = (await partitions()).filter((p) => p < monthName(horizon));
      expect(pastHorizon.length).toBeGreaterThan(5);
      const run = await maintainObservationPartitions(ownerUrl, now, 13);
      expect(run.horizon.getTime()).toBe(horizon.getTime());
      expect(run.dropped).toEqual(pastHorizon);
      // The eight-year-old sighting sat in the default partition.
      expect(run.expired).toBe(1);
      expect((await where(id)).map((r) => r.observed_at.getTime())).toEqual(recent);
      expect(await where(`${id}_ancient`)).toEqual([]);
      expect(await summary()).toEqual(summaryBefore);
      expect(await identifier()).toEqual(identifierBefore);
      expect(await rollups()).toEqual(rollupsBefore);
      expect((await partitions())[0]).toBe(monthName(horizon));
    } finally {
      await pool.end();
    }
  });

  it("is the owner's: the application role is refused (a CLI run as it leaves the work to the launcher)", async () => {
    const refused = await maintainObservationPartitions(appUrl, monthStart(new Date(), 9), 13).then(
      () => null,
      (error: unknown) => error,
    );
    expect(hasPgCode(refused, new Set(['42501']))).toBe(true);
  });

  it('refuses a retention shorter than the year summaries need', async () => {
    await expect(maintainObservationPartitions(ownerUrl, new Date(), 12)).rejects.toThrow(/at least 13/);
  });

  it('defers a partition whose table is busy past the lock timeout, and lets one run at a time', async () => {
    const now = new Date();
    const busy = new pg.Client({ connectionString: ownerUrl });
    await busy.connect();
    try {
      // Another launcher's run holds the maintenance lock: this one does nothing.
      await busy.query('select pg_advisory_lock(7146021121)');
      expect(await maintainObservationPartitions(ownerUrl, now, 13)).toMatchObject({
        ran: false,
        created: [],
      });
      await busy.query('select pg_advisory_unlock(7146021121)');

      // A long transaction holds the default partition: creating a month must wait for it.
      const later = monthStart(now, 5);
      await busy.query('begin');
      await busy.query('lock table observations_default in access share mode');
      const began = Date.now();
      const run = await maintainObservationPartitions(ownerUrl, later, 13);
      // Dropping a month changes the default partition's bounds too: those wait as well.
      expect(run.created).toEqual([]);
      expect(run.deferred).toEqual(
        expect.arrayContaining([monthName(monthStart(later, 1)), monthName(monthStart(later, 2))]),
      );
      expect(Date.now() - began).toBeLessThan(30_000);
      await busy.query('rollback');
      const next = await maintainObservationPartitions(ownerUrl, later, 13);
      expect(next.deferred).toEqual([]);
      expect(await partitions()).toContain(monthName(monthStart(later, 2)));
    } finally {
      await busy.end();
    }
  });
});

describe('readers of sightings past the retention', () => {
  it("a joined session's last sighting before it falls back to the rollups' hour", async () => {
    const key = await newKey('ingest');
    const email = `seen-before.${Date.now()}.${randomBytes(3).toString('hex')}@example.com`;
    const now = Date.now();
    const [older, old, asOf] = [now - 660 * DAY, now - 600 * DAY, new Date(now - 3_600_000)];
    const sent = await call('/api/events', {
      key: key.key,
      body: [older, old, now].map((observedAt) => ({ type: 'visitor', observedAt, source: 'web', email })),
    });
    expect(sent.body).toMatchObject({ accepted: 3 });
    const [row] = await query<IdentifierMatch>(
      `select id, kind, value, md5, sha1, countries, first_seen_at, last_seen_at, observations, person_id,
              link_count, is_hub
       from identifiers where kind = 'email' and value = encode(sha256(convert_to($1, 'UTF8')), 'hex')`,
      [email],
    );
    if (!row) throw new Error('the email was not stored');
    // What the retention does to the two old sightings (their rollups stay).
    await query('delete from observations where identifier_id = $1 and observed_at < $2', [
      row.id,
      new Date(now - 400 * DAY),
    ]);
    const pool = createPool(appConnectionUrl(), 1);
    try {
      const [before] = await seenBefore(drizzle({ client: pool, schema }), [row], asOf);
      expect(before?.observations).toBe(2);
      expect(before?.last_seen_at.getTime()).toBe(Math.floor(old / 3_600_000) * 3_600_000);
    } finally {
      await pool.end();
    }
  });
});
