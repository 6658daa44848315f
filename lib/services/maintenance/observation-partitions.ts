import { sql } from 'drizzle-orm';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { hasPgCode } from '@/lib/db/pg-error';
import {
  MIN_RETENTION_MONTHS,
  monthsBefore,
  partitionMonth,
  startOfMonthUtc,
} from '@/lib/engine/maintenance/months';

/**
 * The monthly partitions of `observations` (migration 0023) kept in step with the clock: this
 * month's and the next MONTHS_AHEAD exist before a sighting needs them, every month back to the
 * retention's horizon has one, and older months are dropped whole. The hours they held stay in
 * observation_rollups, so the year's pattern summaries (which read raw rows only for the first,
 * partial hour of the window) and the identifiers' counts and dates do not change.
 * Runs as the schema owner (the launcher, every hour); the server's role has no DDL rights.
 */

/** Partitions created ahead of the clock: a missed run or two never leaves a sighting without one. */
const MONTHS_AHEAD = 2;

// Any constant other processes do not use: concurrent launchers on one database take turns.
const MAINTENANCE_LOCK = 7_146_021_121;
/** DDL on the partitions waits at most this long for the table's lock, then tries next run. */
const LOCK_TIMEOUT = '2s';
/** 55P03 lock_not_available: `lock_timeout` expired. */
const LOCK_NOT_AVAILABLE = new Set(['55P03']);

export interface PartitionMaintenance {
  /** Whether this run held the lock (another launcher's run may have). */
  ran: boolean;
  created: string[];
  dropped: string[];
  /** Rows older than the horizon deleted from the default partition. */
  expired: number;
  /** Sightings before this instant are no longer kept as raw rows. */
  horizon: Date;
  /** Partitions left for the next run because their table's lock was not granted in time. */
  deferred: string[];
}

type Connection = NodePgDatabase<Record<string, never>>;

/**
 * Creates the partitions the clock needs and drops those past the retention (`retentionMonths`),
 * on a connection of its own to `ownerUrl` (the advisory lock and each DDL's transaction).
 */
export async function maintainObservationPartitions(
  ownerUrl: string,
  now: Date,
  retentionMonths: number,
): Promise<PartitionMaintenance> {
  if (!Number.isInteger(retentionMonths) || retentionMonths < MIN_RETENTION_MONTHS) {
    throw new RangeError(`retention must be a whole number of months, at least ${MIN_RETENTION_MONTHS}`);
  }
  const client = new pg.Client({ connectionString: ownerUrl, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return await maintain(drizzle({ client }), now, retentionMonths);
  } finally {
    await client.end();
  }
}

async function maintain(db: Connection, now: Date, retentionMonths: number): Promise<PartitionMaintenance> {
  const thisMonth = startOfMonthUtc(now);
  const horizon = monthsBefore(thisMonth, retentionMonths);
  const result: PartitionMaintenance = {
    ran: false,
    created: [],
    dropped: [],
    expired: 0,
    horizon,
    deferred: [],
  };
  const locked = await db.execute<{ locked: boolean }>(
    sql`select pg_try_advisory_lock(${MAINTENANCE_LOCK}) as locked`,
  );
  if (!locked.rows[0]?.locked) return result;
  result.ran = true;
  try {
    // One catalog read; only the months missing from it cost a transaction each.
    const existing = await partitionNames(db);
    const present = new Set(existing);
    for (let k = retentionMonths; k >= -MONTHS_AHEAD; k--) {
      const month = monthsBefore(thisMonth, k);
      const name = `observations_${partitionMonth(month)}`;
      if (present.has(name)) continue;
      const made = await lockedStatement(
        db,
        sql`select create_observation_partition(${month.toISOString()}::timestamptz) as name`,
      );
      if (made === undefined) result.deferred.push(name);
      else if (made.name) result.created.push(made.name);
    }
    // Names sort as their months do: every one before the horizon's month is past the retention.
    const first = `observations_${partitionMonth(horizon)}`;
    for (const name of existing.filter((partition) => partition < first)) {
      const dropped = await lockedStatement(db, sql`drop table ${sql.identifier(name)}`);
      if (dropped === undefined) result.deferred.push(name);
      else result.dropped.push(name);
    }
    // Sightings backdated past the horizon were kept in the default partition until now.
    const expired = await lockedStatement(
      db,
      sql`delete from observations_default where observed_at < ${horizon.toISOString()}::timestamptz`,
    );
    if (expired === undefined) result.deferred.push('observations_default');
    else result.expired = expired.rows;
  } finally {
    await db.execute(sql`select pg_advisory_unlock(${MAINTENANCE_LOCK})`);
  }
  return result;
}

/** The monthly partitions that exist, oldest first. */
async function partitionNames(db: Connection): Promise<string[]> {
  const rows = await db.execute<{ name: string }>(sql`
    select c.relname as name from pg_inherits i
    join pg_class c on c.oid = i.inhrelid
    where i.inhparent = 'observations'::regclass and c.relname ~ '^observations_[0-9]{4}_[0-9]{2}$'
    order by c.relname`);
  return rows.rows.map((r) => r.name);
}

/**
 * One statement in a transaction of its own that waits at most LOCK_TIMEOUT for its locks: a
 * long query on the table delays maintenance, never the sightings that would queue behind DDL.
 * Resolves to the statement's `name` column (null when absent) and row count, or undefined when
 * the locks were not granted in time.
 */
async function lockedStatement(
  db: Connection,
  statement: ReturnType<typeof sql>,
): Promise<{ name: string | null; rows: number } | undefined> {
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('lock_timeout', ${LOCK_TIMEOUT}, true)`);
      const result = await tx.execute<{ name?: string | null }>(statement);
      return { name: result.rows[0]?.name ?? null, rows: result.rowCount ?? 0 };
    });
  } catch (error) {
    if (hasPgCode(error, LOCK_NOT_AVAILABLE)) return undefined;
    throw error;
  }
}
