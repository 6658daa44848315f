// An operator's data-subject erasure (`npm run deletions -- erase`): the person's identifiers
// (the named ones and, through their cluster, the person's other emails, phones, SSNs and
// profiles) erased from the whole graph and every workspace's sessions, with global tombstones.
// It runs as several short transactions so the service keeps answering meanwhile:
//   1. global tombstones first (from then on nothing of the person lands anywhere);
//   2. sessions, a few hundred read per transaction;
//   3. the graph rows of the person, in one transaction (bounded by one person's rows), with an
//      audit row in every workspace touched (counts only).
// Interrupted, the same command run again finishes the job: the cluster is erased last, so a
// second run finds the same identifiers, and every step skips what is already gone.
import { sql } from 'drizzle-orm';
import type { Database, Executor } from '@/lib/db/client';
import { EVERYWHERE } from '@/lib/db/schema/deletion-tombstones';
import { retryingTransaction } from '@/lib/db/transaction';
import type { IdentifierKey } from '@/lib/engine/graph/identifier-keys';
import type { NormalizedRequest } from '@/lib/engine/types';
import { newId } from '@/lib/ids/ids';
import { writeAudit } from '../audit';
import { findIdentifiers } from '../graph/person';
import { type DeletionCounts, type EverywhereResult, fullCounts } from './counts';
import { type ByWorkspace, eraseGraph } from './erase-graph';
import { eraseSessionsInBatches, mergeCounts, SESSION_BATCH } from './erase-sessions';
import { namedKeys, phonesOf } from './named-keys';
import { identifierTokens, isTombstoneKind, lockBuckets, TOMBSTONE_KINDS } from './tombstone-keys';
import { keysOf, lockTombstoneBuckets } from './tombstones';

const param = (values: unknown[]) => sql.param(values);

export interface EverywhereInput {
  identifiers: NormalizedRequest;
  /** Who ran it (`cli`); recorded in every audit row. */
  actor: string;
  /** Sessions read per transaction (tests make it small). */
  sessionBatch?: number;
}

type Found = {
  id: string;
  kind: string;
  value: string;
  md5: string | null;
  sha1: string | null;
  person_id: string | null;
};

export async function eraseEverywhere(db: Database, input: EverywhereInput): Promise<EverywhereResult> {
  const { keys, perKind } = namedKeys(input.identifiers);
  const requestId = newId('del');
  const now = new Date();

  // 1. Tombstones, under exclusive global bucket locks: writers that checked before finish first.
  const planned = await retryingTransaction(db, async (tx) => {
    const held = new Set<number>();
    let found: Found[];
    let tombstones: ReturnType<typeof keysOf>;
    for (;;) {
      found = await personIdentifiers(tx, keys);
      tombstones = keysOf([...keys, ...found]);
      const missing = lockBuckets(tombstones.map((t) => t.hash)).filter((b) => !held.has(b));
      if (missing.length === 0) break;
      await lockTombstoneBuckets(tx, missing, EVERYWHERE);
      for (const bucket of missing) held.add(bucket);
    }
    const written = await tx.execute<{ n: number }>(sql`
      with d as (
        insert into deletion_tombstones (key_hash, kind, scope, workspace_id, request_id, requested_at)
        select t.hash, t.kind, ${EVERYWHERE}, null, ${requestId}, ${now.toISOString()}::timestamptz
        from unnest(${param(tombstones.map((t) => t.hash))}::text[], ${param(tombstones.map((t) => t.kind))}::text[]) as t(hash, kind)
        order by t.hash
        on conflict (key_hash, scope) do nothing
        returning 1)
      select count(*)::int as n from d`);
    return { found, written: written.rows[0]?.n ?? 0 };
  });
  const named = [...keys, ...planned.found];
  const byWorkspace: ByWorkspace = new Map();

  // 2. Sessions of every workspace, in short transactions.
  const tokens = new Set(named.flatMap(identifierTokens).map((t) => t.token));
  const sessions = await eraseSessionsInBatches(db, tokens, input.sessionBatch ?? SESSION_BATCH);
  mergeCounts(byWorkspace, sessions.byWorkspace);

  // 3. The graph: the person's identifiers with every row that references them, and in the same
  // transaction one audit row per workspace touched, with its counts (never an identifier).
  const { deleted, touched } = await retryingTransaction(db, async (tx) => {
    const graph = await eraseGraph(
      tx,
      planned.found.map((r) => r.id),
      phonesOf(named),
    );
    const perWorkspace: ByWorkspace = new Map(byWorkspace);
    mergeCounts(perWorkspace, graph.byWorkspace);
    const existing = await tx.execute<{ id: string }>(sql`
      select id from workspaces where id = any(${param([...perWorkspace.keys()].sort())}::text[]) order by id`);
    for (const { id } of existing.rows) {
      await writeAudit(tx, {
        workspaceId: id,
        actor: input.actor,
        action: 'deletion.erase_everywhere',
        targetId: requestId,
        metadata: { scope: 'everywhere', identifiers: perKind, deleted: fullCounts(perWorkspace.get(id)) },
      });
    }
    const totals: DeletionCounts = {
      ...graph.counts,
      sessions: sessions.sessions,
      sessionCalls: sessions.sessionCalls,
    };
    return { deleted: totals, touched: existing.rows.length };
  });
  return {
    requestId,
    requestedAt: now.toISOString(),
    scope: 'everywhere',
    identifiers: perKind,
    tombstones: planned.written,
    deleted,
    clusterIdentifiers: planned.found.length - namedRows(planned.found, keys).length,
    workspaces: touched,
    // Tombstones, the session batches, the graph with the audit rows.
    transactions: 1 + sessions.transactions + 1,
  };
}

/**
 * The named identifiers as stored, and every other identifier of a kind that names one person
 * (email, phone, SSN, profile) in their clusters: what the contract calls the person's records.
 */
async function personIdentifiers(tx: Executor, keys: IdentifierKey[]): Promise<Found[]> {
  const rows = (await findIdentifiers(tx, keys)).filter((r) => isTombstoneKind(r.kind));
  const persons = [...new Set(rows.flatMap((r) => (r.person_id ? [r.person_id] : [])))].sort();
  if (persons.length === 0) return rows;
  const cluster = await tx.execute<Found>(sql`
    select id, kind, value, md5, sha1, person_id from identifiers
    where person_id = any(${param(persons)}::text[]) and kind = any(${param([...TOMBSTONE_KINDS])}::text[])
    order by id`);
  const byId = new Map<string, Found>([...rows, ...cluster.rows].map((r) => [r.id, r]));
  return [...byId.values()];
}

/** The found rows that are the named identifiers themselves (the rest came through the cluster). */
function namedRows(found: readonly Found[], keys: readonly IdentifierKey[]): Found[] {
  const tokens = new Set(keys.flatMap(identifierTokens).map((t) => t.token));
  return found.filter((r) => identifierTokens(r).some((t) => tokens.has(t.token)));
}
