import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
import { createPool } from './client';

// Any constant works: it only has to be the same in every process that migrates.
const MIGRATION_LOCK = 7_146_021_118;

/** Applies the committed drizzle migrations; an advisory lock serialises concurrent starters. */
export async function runMigrations(url: string, migrationsFolder = path.resolve('drizzle')): Promise<void> {
  const pool = createPool(url, 2);
  const client: pg.PoolClient = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrate(drizzle({ client: pool }), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    client.release();
    await pool.end();
  }
}
