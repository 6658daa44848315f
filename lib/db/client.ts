import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { env } from '@/lib/config/env';
import { closeNotifications } from './notifications';
import * as schema from './schema';

export type Database = NodePgDatabase<typeof schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Either the pool-backed database or an open transaction: services accept both. */
export type Executor = Database | Transaction;

let pool: pg.Pool | undefined;
let database: Database | undefined;
let configuredUrl: string | undefined;

/** Points this process at a database (the launcher and CLIs, after starting the embedded one). */
export function configureDatabase(url: string): void {
  configuredUrl = url;
}

/**
 * The one pool of this process. DATABASE_URL is set by the launcher (embedded default) or by
 * the operator (external Postgres); the pool is created on first use.
 */
export function db(): Database {
  if (database) return database;
  const url = configuredUrl ?? env().DATABASE_URL;
  if (!url) {
    throw new Error('DATABASE_URL is not set: start the server with `npm start`, which provides it.');
  }
  pool = createPool(url, env().DATABASE_POOL_MAX);
  database = drizzle({ client: pool, schema });
  return database;
}

/** The process pool's connections now (metrics), or undefined before its first use. */
export function poolStats(): { total: number; idle: number; waiting: number } | undefined {
  if (pool === undefined) return undefined;
  return { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount };
}

export function createPool(url: string, max: number): pg.Pool {
  const created = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: 5000 });
  // An idle client that loses its server emits 'error' on the pool; unhandled, it kills the process.
  created.on('error', (error) => {
    process.stderr.write(
      `${JSON.stringify({ level: 'error', msg: 'idle pool client error', error: error.message })}\n`,
    );
  });
  return created;
}

export async function closeDb(): Promise<void> {
  const current = pool;
  const closing = database;
  pool = undefined;
  database = undefined;
  // Its LISTEN connection (in-process caches) goes with it, or it would hold the process open.
  if (closing) await closeNotifications(closing);
  await current?.end();
}
