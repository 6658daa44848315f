// Tombstone look-ups and the bucket locks that order them against deletions (see LOCK_BUCKETS).
import { sql } from 'drizzle-orm';
import { serverSecret } from '@/lib/config/secret';
import { keyedHash } from '@/lib/crypto/seal';
import type { Executor } from '@/lib/db/client';
import { EVERYWHERE } from '@/lib/db/schema/deletion-tombstones';
import {
  identifierTokens,
  type KeyedIdentifier,
  lockBuckets,
  type TombstoneKey,
  tombstoneInput,
  tombstoneKeys,
} from './tombstone-keys';

/** The class id of the two-key advisory locks of global tombstone buckets (a key space of their own). */
const LOCK_CLASS = 410_410;
/** The seed of the one-key advisory locks of a workspace's scoped buckets (`<workspace>:<bucket>`). */
const SCOPED_SEED = 410_411;

/**
 * Whose tombstones a lock or a write concerns: every workspace (an operator's erasure) or one
 * workspace (its admin's erasure). A workspace's lookup takes both, so neither kind of deletion
 * can commit between its check and its writes; a scoped deletion never blocks other workspaces.
 */
export type TombstoneScope = typeof EVERYWHERE | { workspaceId: string };

const param = (values: unknown[]) => sql.param(values);

/** Tombstone keys of identifiers, keyed with this server's secret. */
export function keysOf(identifiers: readonly KeyedIdentifier[]): TombstoneKey[] {
  const secret = serverSecret();
  return tombstoneKeys(identifiers, (value) => keyedHash(secret, value));
}

/** A deletion's exclusive locks on the buckets of its scope (held to the end of its transaction). */
export async function lockTombstoneBuckets(
  tx: Executor,
  buckets: readonly number[],
  scope: TombstoneScope,
): Promise<void> {
  if (buckets.length === 0) return;
  const sorted = param([...buckets].sort((a, b) => a - b));
  await (scope === EVERYWHERE
    ? tx.execute(sql`
        select pg_advisory_xact_lock(${LOCK_CLASS}, b) from unnest(${sorted}::int[]) as b`)
    : tx.execute(sql`
        select pg_advisory_xact_lock(hashtextextended(${scope.workspaceId} || ':' || b, ${SCOPED_SEED}))
        from unnest(${sorted}::int[]) as b`));
}

/**
 * A lookup's shared locks, one round trip: per bucket in sorted order, the global one then the
 * workspace's own (deletions take theirs in sorted order too, so no lock-order deadlock).
 */
async function lockForLookup(tx: Executor, buckets: readonly number[], workspaceId: string): Promise<void> {
  const sorted = param([...buckets].sort((a, b) => a - b));
  await tx.execute(sql`
    select pg_advisory_xact_lock_shared(${LOCK_CLASS}, b),
           pg_advisory_xact_lock_shared(hashtextextended(${workspaceId} || ':' || b, ${SCOPED_SEED}))
    from unnest(${sorted}::int[]) as b`);
}

/**
 * The identifiers that carry a tombstone for this workspace: a global one, or one its own admin
 * recorded (another workspace's scoped tombstones do not concern it). Call it in the
 * transaction that would then write them: the shared bucket locks it takes last until that transaction ends, so no deletion of
 * these identifiers can commit between this check and those writes.
 */
export function deletedIdentifiers<T extends KeyedIdentifier>(
  tx: Executor,
  identifiers: readonly T[],
  workspaceId: string,
): Promise<T[]> {
  return tombstoned(tx, identifiers, workspaceId, true);
}

/**
 * The same look-up for a read that writes nothing (outside a transaction a lock would end with
 * its own statement): one round trip, no locks. A later write re-checks with deletedIdentifiers.
 */
export function deletedForReading<T extends KeyedIdentifier>(
  db: Executor,
  identifiers: readonly T[],
  workspaceId: string,
): Promise<T[]> {
  return tombstoned(db, identifiers, workspaceId, false);
}

async function tombstoned<T extends KeyedIdentifier>(
  tx: Executor,
  identifiers: readonly T[],
  workspaceId: string,
  lock: boolean,
): Promise<T[]> {
  // Feeds repeat the same identifiers across a batch: hash each distinct form once.
  const tokensOf = identifiers.map((identifier) => identifierTokens(identifier).map((t) => t.token));
  const secret = serverSecret();
  const hashOf = new Map<string, string>();
  for (const token of tokensOf.flat()) {
    if (!hashOf.has(token)) hashOf.set(token, keyedHash(secret, tombstoneInput(token)));
  }
  if (hashOf.size === 0) return [];
  const hashes = [...hashOf.values()];
  if (lock) await lockForLookup(tx, lockBuckets(hashes), workspaceId);
  // A statement of its own, after the locks: under READ COMMITTED it sees every deletion that
  // committed while this transaction waited for them.
  const found = await tx.execute<{ key_hash: string }>(sql`
    select key_hash from deletion_tombstones
    where key_hash = any(${param(hashes)}::text[]) and scope in (${EVERYWHERE}, ${workspaceId})`);
  if (found.rows.length === 0) return [];
  const tombstoned = new Set(found.rows.map((r) => r.key_hash));
  return identifiers.filter((_, i) =>
    (tokensOf[i] ?? []).some((token) => tombstoned.has(hashOf.get(token) ?? '')),
  );
}

/** Which items of a batch (by position) carry at least one tombstoned identifier. */
export async function deletedItems(
  tx: Executor,
  items: readonly (readonly KeyedIdentifier[])[],
  workspaceId: string,
): Promise<Set<number>> {
  const deleted = new Set<KeyedIdentifier>(await deletedIdentifiers(tx, items.flat(), workspaceId));
  if (deleted.size === 0) return new Set();
  return new Set(items.flatMap((keys, index) => (keys.some((k) => deleted.has(k)) ? [index] : [])));
}
