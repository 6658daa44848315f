// Deletion (docs/api/operations.md, "Data-subject deletion and 410"). Two reaches:
// - a workspace admin (console, `deletions create --workspace`) erases what that workspace
//   contributed about the named identifiers and its own sessions carrying them; other workspaces'
//   rows, sessions and answers are untouched. A tombstone scoped to the workspace keeps its own
//   later calls and feeds from teaching the graph those identifiers again, and its Verify answers
//   410 for them (recordDeletion, below);
// - an operator (`deletions erase`) erases the person everywhere, with global tombstones
//   (eraseEverywhere, deletion/erase-everywhere.ts).
import { sql } from 'drizzle-orm';
import type { DeletionCounts, DeletionResult } from '@/lib/contract/console/deletion';
import type { Database } from '@/lib/db/client';
import { retryingTransaction } from '@/lib/db/transaction';
import type { NormalizedRequest } from '@/lib/engine/types';
import { newId } from '@/lib/ids/ids';
import { writeAudit } from './audit';
import { eraseContributions } from './deletion/erase-contributions';
import { eraseSessions, matchingSessions } from './deletion/erase-sessions';
import { namedKeys, phonesOf } from './deletion/named-keys';
import { identifierTokens, isTombstoneKind, lockBuckets } from './deletion/tombstone-keys';
import { keysOf, lockTombstoneBuckets } from './deletion/tombstones';
import { findIdentifiers } from './graph/person';

export type { DeletionCounts, DeletionResult, EverywhereResult } from '@/lib/contract/console/deletion';
export { eraseEverywhere } from './deletion/erase-everywhere';
export { deletedForReading, deletedIdentifiers } from './deletion/tombstones';

export interface DeletionInput {
  workspaceId: string;
  /** Parsed by parseDeletionRequest: emails, phones, profiles and a full SSN. */
  identifiers: NormalizedRequest;
  /** `cli` or the console user's id. */
  actor: string;
  /** The console call's X-Request-Id, for the audit row (the deletion has an id of its own). */
  requestId?: string;
}

const param = (values: unknown[]) => sql.param(values);

/**
 * A workspace admin's deletion, in one transaction: exclusive locks on the workspace's own
 * tombstone buckets (its concurrent writers of these identifiers finish first, later ones wait
 * and then see the tombstones; other workspaces never wait on them), the workspace's
 * contributions and sessions erased, its scoped tombstones written, and an audit row without
 * any identifier in it.
 */
export async function recordDeletion(db: Database, input: DeletionInput): Promise<DeletionResult> {
  const { keys, perKind } = namedKeys(input.identifiers);
  const requestId = newId('del');
  const scope = { workspaceId: input.workspaceId };
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
      await lockTombstoneBuckets(tx, missing, scope);
      for (const bucket of missing) held.add(bucket);
    }
    const named = [...keys, ...rows];
    const graph = await eraseContributions(
      tx,
      input.workspaceId,
      rows.map((r) => r.id),
      phonesOf(named),
    );
    const tokens = new Set(named.flatMap(identifierTokens).map((t) => t.token));
    const sessions = await eraseSessions(tx, await matchingSessions(tx, tokens, input.workspaceId));
    const now = new Date();
    const written = await tx.execute<{ n: number }>(sql`
      with d as (
        insert into deletion_tombstones (key_hash, kind, scope, workspace_id, request_id, requested_at)
        select t.hash, t.kind, ${input.workspaceId}, ${input.workspaceId}, ${requestId}, ${now.toISOString()}::timestamptz
        from unnest(${param(tombstones.map((t) => t.hash))}::text[], ${param(tombstones.map((t) => t.kind))}::text[]) as t(hash, kind)
        order by t.hash
        on conflict (key_hash, scope) do nothing
        returning 1)
      select count(*)::int as n from d`);
    const deleted: DeletionCounts = {
      ...graph,
      sessions: sessions.sessions,
      sessionCalls: sessions.sessionCalls,
    };
    const result: DeletionResult = {
      requestId,
      requestedAt: now.toISOString(),
      scope: 'workspace',
      identifiers: perKind,
      tombstones: written.rows[0]?.n ?? 0,
      deleted,
    };
    // Counts only: the audit log must not become a copy of what was erased.
    await writeAudit(tx, {
      workspaceId: input.workspaceId,
      actor: input.actor,
      requestId: input.requestId,
      action: 'deletion.record',
      targetId: requestId,
      metadata: { scope: 'workspace', identifiers: perKind, tombstones: result.tombstones, deleted },
    });
    return result;
  });
}
