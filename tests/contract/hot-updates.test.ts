// Issue 12: every sighting updates its identifiers, their workspace shares, links and link
// sources. Migration 0024 leaves room in each page (fillfactor 70) so those updates are HOT
// (same page, no index entry written); with full pages nearly none were (3.5 % of the
// identifiers' updates in `MODE=ingest TABLE_STATS=1 scripts/profile-calls.ts`). On a database
// of its own: its statistics then count only this test's writes.

import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '@/lib/db/schema';
import type { IdentifierKey } from '@/lib/engine/graph/identifier-keys';
import { observe, type Sighting } from '@/lib/services/graph/observe';
import { pollUntil } from '../support/poll';
import { type PrivateDatabase, privateDatabase } from './private-database';

const HOUR = 3_600_000;
const PEOPLE = 400;
const ROUNDS = 12;
const TABLES = ['identifiers', 'identifier_contributions', 'identifier_links', 'link_sources'];

const key = (kind: 'phone' | 'ip', value: string): IdentifierKey => ({
  kind,
  value,
  md5: null,
  sha1: null,
  countries: [],
  address: null,
});

/** One person's sighting: two phones and an address, as a feed sends them, `round` hours apart. */
const sighting = (person: number, round: number): Sighting => ({
  keys: [
    key('phone', `+1415555${String(person).padStart(4, '0')}`),
    key('phone', `+1650555${String(person).padStart(4, '0')}`),
    key('ip', `81.2.${person % 250}.${Math.floor(person / 250) + 1}`),
  ],
  type: 'visitor',
  source: 'ws_hot:feed',
  at: new Date(Date.UTC(2026, 0, 1) + round * 2 * HOUR),
  country: null,
});

describe('room for HOT updates (migration 0024)', () => {
  let database: PrivateDatabase;
  let client: pg.Client;

  beforeAll(async () => {
    database = await privateDatabase('hot');
    client = new pg.Client({ connectionString: database.ownerUrl });
    await client.connect();
  });

  afterAll(async () => {
    await client?.end();
    await database?.drop();
  });

  it('the graph tables leave room in their pages, and repeated sightings update most rows in place', async () => {
    const settings = await client.query<{ table: string; options: string[] | null }>(
      `select relname as table, reloptions as options from pg_class where relname = any($1) order by 1`,
      [TABLES],
    );
    expect(settings.rows).toEqual([...TABLES].sort().map((table) => ({ table, options: ['fillfactor=70'] })));

    // One connection, so its statistics are flushed on request (pg_stat_force_next_flush).
    const db = drizzle({ client, schema });
    for (let round = 0; round <= ROUNDS; round++) {
      const batch = Array.from({ length: PEOPLE }, (_, person) => sighting(person, round));
      await db.transaction((tx) => observe(tx, 'ws_hot', batch));
    }
    await client.query('select pg_stat_force_next_flush()');
    const updates = async () =>
      (
        await client.query<{ table: string; updated: number; hot: number }>(
          `select relname as table, n_tup_upd::int as updated, n_tup_hot_upd::int as hot
           from pg_stat_user_tables where relname = any($1) order by 1`,
          [TABLES],
        )
      ).rows;
    // Every round after the first updates each person's three identifiers and their shares.
    const { value } = await pollUntil(
      updates,
      (rows) => (rows.find((r) => r.table === 'identifiers')?.updated ?? 0) >= 3 * PEOPLE * ROUNDS,
      15_000,
    );
    for (const row of value) {
      expect(row.updated, row.table).toBeGreaterThanOrEqual(PEOPLE * ROUNDS);
      expect(row.hot / row.updated, row.table).toBeGreaterThan(0.5);
    }
  });
});
