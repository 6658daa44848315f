// Finds and erases the Verify sessions whose sealed identifiers include a deleted one: a
// workspace's own (its admin's erasure) or every workspace's in bounded batches (an operator's).
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { serverSecret } from '@/lib/config/secret';
import { unseal } from '@/lib/crypto/seal';
import type { Database, Executor } from '@/lib/db/client';
import { sessions } from '@/lib/db/schema';
import { retryingTransaction } from '@/lib/db/transaction';
import type { NormalizedRequest } from '@/lib/engine/types';
import { graphKeys } from '../graph/keys';
import { eraseVelocity } from '../velocity';
import type { ByWorkspace } from './erase-graph';
import { identifierTokens } from './tombstone-keys';

const SCAN_BATCH = 1000;
/** Sessions read per transaction of an operator's erasure: short transactions, no long locks. */
export const SESSION_BATCH = 300;
const param = (values: unknown[]) => sql.param(values);

type SessionCounts = { sessions: number; sessionCalls: number };

/** Whether a sealed session carries one of the tokens (compared in memory: no keyed hash per session). */
function carries(secret: string, sealed: string, tokens: ReadonlySet<string>): boolean {
  let request: NormalizedRequest;
  try {
    request = JSON.parse(unseal(secret, sealed)) as NormalizedRequest;
  } catch {
    // Sealed under another secret: nothing here can read it, Verify included.
    return false;
  }
  return graphKeys(request)
    .flatMap(identifierTokens)
    .some((form) => tokens.has(form.token));
}

/**
 * One workspace's sessions that carry a token. Sessions hold their identifiers sealed (SSNs,
 * cleartext emails), so there is no index to ask: each is unsealed, a batch at a time. Linear in
 * the workspace's sessions; a deletion is rare, Verify is not, so Verify pays nothing for it.
 */
export async function matchingSessions(
  tx: Executor,
  tokens: ReadonlySet<string>,
  workspaceId: string,
): Promise<string[]> {
  const secret = serverSecret();
  const matched: string[] = [];
  let after = '';
  for (;;) {
    const rows = await tx
      .select({ id: sessions.id, sealed: sessions.identifiersSealed })
      .from(sessions)
      .where(and(eq(sessions.workspaceId, workspaceId), gt(sessions.id, after)))
      .orderBy(asc(sessions.id))
      .limit(SCAN_BATCH);
    for (const row of rows) if (carries(secret, row.sealed, tokens)) matched.push(row.id);
    const last = rows.at(-1);
    if (!last || rows.length < SCAN_BATCH) return matched;
    after = last.id;
  }
}

/** Deletes the sessions and their calls; returns how many of each, per workspace. */
export async function eraseSessions(
  tx: Executor,
  ids: readonly string[],
): Promise<SessionCounts & { byWorkspace: ByWorkspace }> {
  const byWorkspace: ByWorkspace = new Map();
  if (ids.length === 0) return { sessions: 0, sessionCalls: 0, byWorkspace };
  const sorted = param([...ids].sort());
  // The velocity pairs these sessions made, and their counts (velocity.ts): no identity of an
  // erased session keeps counting against the people who shared its identifiers.
  await eraseVelocity(tx, ids);
  const calls = await tx.execute<{ workspace_id: string; n: number }>(sql`
    with d as (delete from session_calls where session_id = any(${sorted}::text[]) returning workspace_id)
    select workspace_id, count(*)::int as n from d group by 1`);
  const erased = await tx.execute<{ workspace_id: string; n: number }>(sql`
    with d as (delete from sessions where id = any(${sorted}::text[]) returning workspace_id)
    select workspace_id, count(*)::int as n from d group by 1`);
  const totals: SessionCounts = { sessions: 0, sessionCalls: 0 };
  for (const [table, rows] of [
    ['sessions', erased.rows],
    ['sessionCalls', calls.rows],
  ] as const) {
    for (const { workspace_id, n } of rows) {
      const entry = byWorkspace.get(workspace_id) ?? {};
      entry[table] = (entry[table] ?? 0) + n;
      byWorkspace.set(workspace_id, entry);
      totals[table] += n;
    }
  }
  return { ...totals, byWorkspace };
}

/**
 * Every workspace's sessions that carry a token, erased `batchSize` sessions read per
 * transaction: each transaction is short, so other requests never wait long on it. Safe to
 * re-run: an interrupted pass leaves only sessions a second pass finds again.
 */
export async function eraseSessionsInBatches(
  db: Database,
  tokens: ReadonlySet<string>,
  batchSize = SESSION_BATCH,
): Promise<SessionCounts & { byWorkspace: ByWorkspace; transactions: number }> {
  const secret = serverSecret();
  const byWorkspace: ByWorkspace = new Map();
  const totals: SessionCounts = { sessions: 0, sessionCalls: 0 };
  let transactions = 0;
  let after = '';
  for (;;) {
    const page = await retryingTransaction(db, async (tx) => {
      const rows = await tx
        .select({ id: sessions.id, sealed: sessions.identifiersSealed })
        .from(sessions)
        .where(gt(sessions.id, after))
        .orderBy(asc(sessions.id))
        .limit(batchSize);
      const matched = rows.filter((row) => carries(secret, row.sealed, tokens)).map((row) => row.id);
      return { last: rows.at(-1)?.id, read: rows.length, erased: await eraseSessions(tx, matched) };
    });
    transactions++;
    totals.sessions += page.erased.sessions;
    totals.sessionCalls += page.erased.sessionCalls;
    mergeCounts(byWorkspace, page.erased.byWorkspace);
    if (page.last === undefined || page.read < batchSize) return { ...totals, byWorkspace, transactions };
    after = page.last;
  }
}

/** Adds `from`'s per-workspace counts to `into`. */
export function mergeCounts(into: ByWorkspace, from: ByWorkspace): void {
  for (const [workspace, counts] of from) {
    const entry = into.get(workspace) ?? {};
    for (const [table, n] of Object.entries(counts) as [keyof typeof counts, number][]) {
      entry[table] = (entry[table] ?? 0) + n;
    }
    into.set(workspace, entry);
  }
}
