import 'server-only';
import type { Database, Transaction } from '@/lib/db/client';
import { GroupCommit } from '@/lib/db/group-commit';
import { sessionCalls, sessions, webhookMessages } from '@/lib/db/schema';
import { retryingTransaction } from '@/lib/db/transaction';
import { recordBatch } from '@/lib/metrics/record';
import { deletedItems } from './deletion/tombstones';
import { type ApiCall, observeCalls } from './graph/observe-call';
import { type VelocityWrite, writeVelocity } from './velocity';
import type { OutboxRow } from './webhooks/outbox';

/** What one Verify (new session) or Signals call writes, its reads and answer already done. */
export interface CallWrite {
  workspaceId: string;
  /** Observed in the graph: a sighting of each identifier, linked. */
  call: ApiCall;
  /** Verify: the new session and its first call. */
  session?: { row: typeof sessions.$inferInsert; call: typeof sessionCalls.$inferInsert };
  /** The new session's `session.created` messages for the workspace's endpoints (the outbox). */
  webhooks?: OutboxRow[];
  /** Verify by API key: the call's hubs paired with its identity (counted only if the call is stored). */
  velocity?: VelocityWrite;
  /**
   * An analyst's lookup from the console: its session is stored, but it is not a sighting of
   * the applicant (no seen dates, counts or links move). Tombstones still refuse it.
   */
  lookup?: boolean;
}

/** `deleted`: an identifier of the call was deleted since its reads; nothing of it was written. */
export type CallWriteResult = 'written' | 'deleted';

/**
 * One transaction for a batch of calls: tombstones re-checked under their locks (a deletion that
 * committed after a call's reads refuses that call alone), then the sessions, their calls and
 * every sighting as multi-row statements. Calls of several workspaces take each one's locks in
 * turn; a lock-order deadlock with a concurrent erasure is retried as any other.
 */
export async function writeCalls(db: Database, writes: CallWrite[]): Promise<CallWriteResult[]> {
  return retryingTransaction(db, async (tx) => {
    const results: CallWriteResult[] = writes.map(() => 'written');
    const byWorkspace = new Map<string, number[]>();
    writes.forEach((w, i) => {
      byWorkspace.set(w.workspaceId, [...(byWorkspace.get(w.workspaceId) ?? []), i]);
    });
    const workspaces = [...byWorkspace.keys()].sort();
    for (const workspaceId of workspaces) {
      const indexes = byWorkspace.get(workspaceId) ?? [];
      const refused = await deletedItems(
        tx,
        indexes.map((i) => writes[i]?.call.keys ?? []),
        workspaceId,
      );
      for (const position of refused) results[indexes[position] ?? -1] = 'deleted';
    }
    const accepted = writes.filter((_, i) => results[i] === 'written');
    await insertSessions(tx, accepted);
    await writeVelocity(
      tx,
      accepted.flatMap((w) => (w.velocity ? [w.velocity] : [])),
    );
    for (const workspaceId of workspaces) {
      const calls = accepted.filter((w) => w.workspaceId === workspaceId && !w.lookup).map((w) => w.call);
      await observeCalls(tx, workspaceId, calls);
    }
    return results;
  });
}

async function insertSessions(tx: Transaction, writes: CallWrite[]): Promise<void> {
  const created = writes.flatMap((w) => (w.session ? [w.session] : []));
  if (created.length === 0) return;
  await tx.insert(sessions).values(created.map((s) => s.row));
  await tx.insert(sessionCalls).values(created.map((s) => s.call));
  // In the same transaction as the sessions: a refused or rolled-back call emits nothing.
  const messages = writes.flatMap((w) => w.webhooks ?? []);
  if (messages.length > 0) await tx.insert(webhookMessages).values(messages);
}

/** Batch bounds: 64 calls keep a batch's statements to a few thousand parameters. */
const BATCH = { maxBatch: 64, maxInFlight: 2, onBatch: recordBatch };
const committers = new WeakMap<Database, GroupCommit<CallWrite, CallWriteResult>>();

/**
 * Records one call through this process's group commit: it shares a transaction with the calls
 * that arrive while the previous batch commits, and resolves once that transaction committed.
 */
export function recordCall(db: Database, write: CallWrite): Promise<CallWriteResult> {
  let committer = committers.get(db);
  if (!committer) {
    committer = new GroupCommit((batch) => writeCalls(db, batch), BATCH);
    committers.set(db, committer);
  }
  return committer.submit(write);
}
