// Data-subject deletion (docs/api/operations.md, "Data-subject deletion and 410"): erase every stored record of the named
// identifiers, keep only keyed hashes as tombstones, and refuse them from then on.
//
// Scope: the identity graph (identifiers, links, observations, breaches, carrier and profile
// records) is shared by every workspace, and so are the tombstones: a deletion recorded by one
// workspace's admin erases the person from the shared graph and from every workspace's Verify
// sessions, and Verify answers 410 DATA_DELETED for them in every workspace. A per-workspace
// tombstone could not keep the data from returning through another workspace's calls and feeds.
import { sql } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import type { TombstoneKind } from '@/lib/db/schema';
import { retryingTransaction } from '@/lib/db/transaction';
import type { NormalizedRequest } from '@/lib/engine/types';
import { newId } from '@/lib/ids/ids';
import { writeAudit } from './audit';
import type { DeletionCounts, DeletionResult } from './deletion/counts';
import { eraseGraph } from './deletion/erase-graph';
import { eraseSessions, matchingSessions } from './deletion/erase-sessions';
import { identifierTokens, isTombstoneKind, lockBuckets, TOMBSTONE_KINDS } from './deletion/tombstone-keys';
import { keysOf, lockTombstoneBuckets } from './deletion/tombstones';
import { graphKeys } from './graph/keys';
import { findIdentifiers } from './graph/person';

export type { DeletionCounts, DeletionResult } from './deletion/counts';
export { deletedIdentifiers } from './deletion/tombstones';

export interface DeletionInput {
  workspaceId: string;
  /** Parsed by parseDeletionRequest: emails, phones, profiles and a full SSN. */
  identifiers: NormalizedRequest;
  /** `cli` or the console user's id. */
  actor: string;
}

const param = (values: unknown[]) => sql.param(values);

/**
 * Records a deletion in one transaction: exclusive tombstone locks (concurrent writers of these
 * identifiers finish first, later ones wait and then see the tombstones), the graph rows and
 * sessions erased, the tombstones written, and an audit row without any identifier in it.
 */
export async function recordDeletion(db: Database, input: DeletionInput): Promise<DeletionResult> {
  const keys = graphKeys(input.identifiers).filter((k) => isTombstoneKind(k.kind));
  if (keys.length === 0) throw new Error('a deletion needs at least one email, phone, profile or full SSN');
  const perKind = Object.fromEntries(
    TOMBSTONE_KINDS.map((kind) => [kind, keys.filter((k) => k.kind === kind).length]),
  ) as Record<TombstoneKind, number>;
  const requestId = newId('del');
  return retryingTransaction(db, async (tx) => {
    // Stored rows can add forms the request lacks (the SHA-256 behind an MD5): lock those too,
    // re-reading until the locks held cover every form found.
    const held = new Set<number>();
    let rows: Awaited<ReturnType<typeof findIdentifiers>>;
    let tombstones: ReturnType<typeof keysOf>;
    for (;;) {
      rows = (await findIdentifiers(tx, keys)).filter((r) => isTombstoneKind(r.kind));
      tombstones = keysOf([...keys, ...rows]);
      const missing = lockBuckets(tombstones.map((t) => t.hash)).filter((b) => !held.has(b));
      if (missing.length === 0) break;
      await lockTombstoneBuckets(tx, missing, 'exclusive');
      for (const bucket of missing) held.add(bucket);
    }
    const named = [...keys, ...rows];
    const phones = [...new Set(named.flatMap((k) => (k.kind === 'phone' ? [k.value] : [])))];
    const graph = await eraseGraph(
      tx,
      rows.map((r) => r.id),
      phones,
    );
    const sessions = await eraseSessions(
      tx,
      await matchingSessions(tx, new Set(named.flatMap(identifierTokens).map((t) => t.token))),
    );
    const now = new Date();
    const written = await tx.execute<{ n: number }>(sql`
      with d as (
        insert into deletion_tombstones (key_hash, kind, workspace_id, request_id, requested_at)
        select t.hash, t.kind, ${input.workspaceId}, ${requestId}, ${now.toISOString()}::timestamptz
        from unnest(${param(tombstones.map((t) => t.hash))}::text[], ${param(tombstones.map((t) => t.kind))}::text[]) as t(hash, kind)
        order by t.hash
        on conflict (key_hash) do nothing
        returning 1)
      select count(*)::int as n from d`);
    const deleted: DeletionCounts = { ...graph, ...sessions };
    const result: DeletionResult = {
      requestId,
      requestedAt: now.toISOString(),
      identifiers: perKind,
      tombstones: written.rows[0]?.n ?? 0,
      deleted,
    };
    // Counts only: the audit log must not become a copy of what was erased.
    await writeAudit(tx, {
      workspaceId: input.workspaceId,
      actor: input.actor,
      action: 'deletion.record',
      targetId: requestId,
      metadata: { identifiers: perKind, tombstones: result.tombstones, deleted },
    });
    return result;
  });
}
