// Tombstone look-ups and the bucket locks that order them against deletions (see LOCK_BUCKETS).
import { sql } from 'drizzle-orm';
import { serverSecret } from '@/lib/config/secret';
import { keyedHash } from '@/lib/crypto/seal';
import type { Executor } from '@/lib/db/client';
import {
  identifierTokens,
  type KeyedIdentifier,
  lockBuckets,
  type TombstoneKey,
  tombstoneInput,
  tombstoneKeys,
} from './tombstone-keys';

/** The class id of the two-key advisory locks of tombstone buckets (a key space of their own). */
const LOCK_CLASS = 410_410;

const param = (values: unknown[]) => sql.param(values);

/** Tombstone keys of identifiers, keyed with this server's secret. */
export function keysOf(identifiers: readonly KeyedIdentifier[]): TombstoneKey[] {
  const secret = serverSecret();
  return tombstoneKeys(identifiers, (value) => keyedHash(secret, value));
}

/** Takes transaction-scoped locks on tombstone buckets: shared to check, exclusive to delete. */
export async function lockTombstoneBuckets(
  tx: Executor,
  buckets: readonly number[],
  mode: 'shared' | 'exclusive',
): Promise<void> {
  if (buckets.length === 0) return;
  const sorted = [...buckets].sort((a, b) => a - b);
  await (mode === 'shared'
    ? tx.execute(sql`
        select pg_advisory_xact_lock_shared(${LOCK_CLASS}, b) from unnest(${param(sorted)}::int[]) as b`)
    : tx.execute(sql`
        select pg_advisory_xact_lock(${LOCK_CLASS}, b) from unnest(${param(sorted)}::int[]) as b`));
}

/**
 * The identifiers that carry a tombstone. Call it in the transaction that would then write
 * them: the shared bucket locks it takes last until that transaction ends, so no deletion of
 * these identifiers can commit between this check and those writes.
 */
export async function deletedIdentifiers<T extends KeyedIdentifier>(
  tx: Executor,
  identifiers: readonly T[],
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
  await lockTombstoneBuckets(tx, lockBuckets(hashes), 'shared');
  // A statement of its own, after the locks: under READ COMMITTED it sees every deletion that
  // committed while this transaction waited for them.
  const found = await tx.execute<{ key_hash: string }>(sql`
    select key_hash from deletion_tombstones where key_hash = any(${param(hashes)}::text[])`);
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
): Promise<Set<number>> {
  const deleted = new Set<KeyedIdentifier>(await deletedIdentifiers(tx, items.flat()));
  if (deleted.size === 0) return new Set();
  return new Set(items.flatMap((keys, index) => (keys.some((k) => deleted.has(k)) ? [index] : [])));
}
