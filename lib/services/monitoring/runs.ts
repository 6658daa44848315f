// Continuous monitoring, second half (issue 34): the server's background loop works the queued
// runs (list-changes.ts). A run screens the sessions of its window, a batch at a time in id order,
// against only the entries its list version added, with the Identity checks' matching
// (screenInputName). Each batch commits in one transaction: the hits, the sessions put back in the
// review queue, their `monitoring.hit` webhook events, an audit row per hit, and the run's cursor
// and progress. A process that stops mid-run leaves its lease to lapse; the next claim resumes
// after the cursor, and a batch done twice cannot be (the cursor is checked when it commits).
import { and, asc, eq, gt, gte, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { unseal } from '@/lib/crypto/seal';
import type { Database } from '@/lib/db/client';
import { monitoringHits, monitoringRuns, sanctionListChanges, sessions } from '@/lib/db/schema';
import { screenInputName } from '@/lib/engine/checks/identity';
import { buildSanctionsScreen } from '@/lib/engine/sanctions/screen';
import type { NormalizedRequest } from '@/lib/engine/types';
import { monitoringHitEvent } from '@/lib/engine/webhooks/events';
import { newId } from '@/lib/ids/ids';
import { writeAudit } from '../audit';
import { startBackgroundLoop } from '../background-loop';
import { enqueueEvent } from '../webhooks/outbox';
import { MONITORING_CHANNEL } from './list-changes';

/** Sessions screened per transaction. */
export const MONITORING_BATCH = 200;
/** Runs queued by another process (`npm run lists`) are looked for this often, besides its NOTIFY. */
export const MONITORING_POLL_MS = 5_000;
/** A claim lasts this long from each committed batch; a lapsed one is taken over. */
export const MONITORING_LEASE_MS = 60_000;

type Run = typeof monitoringRuns.$inferSelect;

/** Another process took the run over (its lease had lapsed): this one stops without committing. */
class RunLost extends Error {}

/** Takes the oldest open run nobody holds (SKIP LOCKED: processes share the work). */
export async function claimRun(db: Database, now: Date = new Date()): Promise<Run | null> {
  return db.transaction(async (tx) => {
    const [open] = await tx
      .select({ id: monitoringRuns.id })
      .from(monitoringRuns)
      .where(
        and(
          sql`${monitoringRuns.status} <> 'done'`,
          or(isNull(monitoringRuns.leaseUntil), lte(monitoringRuns.leaseUntil, now)),
        ),
      )
      .orderBy(asc(monitoringRuns.createdAt))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!open) return null;
    const [claimed] = await tx
      .update(monitoringRuns)
      .set({ status: 'running', leaseUntil: new Date(now.getTime() + MONITORING_LEASE_MS) })
      .where(eq(monitoringRuns.id, open.id))
      .returning();
    return claimed ?? null;
  });
}

export interface WorkOptions {
  batch?: number;
  /** Stop after this many batches (the resume test stops a run half-way, as a crash would). */
  maxBatches?: number;
}

/** Works a claimed run to its end (or `maxBatches`); whether it finished. */
export async function workRun(
  db: Database,
  secret: string,
  claimed: Run,
  options: WorkOptions = {},
): Promise<boolean> {
  const batch = options.batch ?? MONITORING_BATCH;
  const [change] = await db
    .select({ added: sanctionListChanges.added })
    .from(sanctionListChanges)
    .where(
      and(eq(sanctionListChanges.source, claimed.source), eq(sanctionListChanges.version, claimed.version)),
    );
  const screen = buildSanctionsScreen([
    { list: claimed.list, name: claimed.source, publishedAt: null, entries: change?.added ?? [] },
  ]);
  let cursor = claimed.cursor;
  for (let round = 0; options.maxBatches === undefined || round < options.maxBatches; round++) {
    const rows = await db
      .select({ id: sessions.id, sealed: sessions.identifiersSealed })
      .from(sessions)
      .where(
        and(
          eq(sessions.workspaceId, claimed.workspaceId),
          gte(sessions.updatedAt, claimed.since),
          lt(sessions.updatedAt, claimed.until),
          cursor === null ? undefined : gt(sessions.id, cursor),
        ),
      )
      .orderBy(asc(sessions.id))
      .limit(batch);
    const found = rows.flatMap((row) => {
      const request = JSON.parse(unseal(secret, row.sealed)) as NormalizedRequest;
      const best = screenInputName(screen, request).find((hit) => hit.match.list === claimed.list);
      return best ? [{ sessionId: row.id, ...best }] : [];
    });
    const last = rows.at(-1)?.id ?? cursor;
    const finished = rows.length < batch;
    const now = new Date();
    await db.transaction(async (tx) => {
      const hits = found.length
        ? await tx
            .insert(monitoringHits)
            .values(
              found.map(({ sessionId, match, evidence }) => ({
                id: newId('mhit'),
                workspaceId: claimed.workspaceId,
                sessionId,
                runId: claimed.id,
                list: match.list,
                source: match.source,
                entryId: match.entry.id,
                entryName: match.entry.name,
                matchedName: match.matchedName,
                score: match.score,
                locationAgrees: match.locationAgrees,
                evidence,
                createdAt: now,
              })),
            )
            .onConflictDoNothing()
            .returning()
        : [];
      const progressed = await tx
        .update(monitoringRuns)
        .set({
          cursor: last,
          done: sql`${monitoringRuns.done} + ${rows.length}`,
          hits: sql`${monitoringRuns.hits} + ${hits.length}`,
          leaseUntil: finished ? null : new Date(now.getTime() + MONITORING_LEASE_MS),
          ...(finished ? { status: 'done', finishedAt: now } : {}),
        })
        .where(
          and(
            eq(monitoringRuns.id, claimed.id),
            eq(monitoringRuns.status, 'running'),
            cursor === null ? isNull(monitoringRuns.cursor) : eq(monitoringRuns.cursor, cursor),
          ),
        )
        .returning({ id: monitoringRuns.id });
      if (progressed.length === 0) throw new RunLost();
      for (const hit of hits) {
        // Back in the review queue (sessions_review_queue_idx reads the same columns): the rules'
        // outcome says review, and an earlier decision, kept in session_decisions, no longer settles it.
        await tx
          .update(sessions)
          .set({ outcome: 'review', decision: null, decidedAt: null })
          .where(eq(sessions.id, hit.sessionId));
        await enqueueEvent(
          tx,
          claimed.workspaceId,
          monitoringHitEvent(
            {
              sessionId: hit.sessionId,
              hitId: hit.id,
              list: hit.list,
              source: hit.source,
              version: claimed.version,
              entryId: hit.entryId,
              score: hit.score,
              locationAgrees: hit.locationAgrees,
            },
            now,
          ),
        );
        await writeAudit(tx, {
          workspaceId: claimed.workspaceId,
          actor: 'system',
          action: 'session.monitoring_hit',
          targetId: hit.sessionId,
          metadata: {
            hitId: hit.id,
            runId: claimed.id,
            list: hit.list,
            source: hit.source,
            entryId: hit.entryId,
            score: hit.score,
          },
        });
      }
    });
    cursor = last;
    if (finished) return true;
  }
  return false;
}

/** Claims and works open runs until none is left; how many were finished. */
export async function runMonitoring(db: Database, secret: string, now?: () => Date): Promise<number> {
  let finished = 0;
  for (;;) {
    const run = await claimRun(db, now?.());
    if (!run) return finished;
    try {
      if (await workRun(db, secret, run)) finished++;
    } catch (error) {
      if (!(error instanceof RunLost)) throw error;
    }
  }
}

/** The server's loop: woken at an import's commit (NOTIFY), and every few seconds. */
export function startMonitoring(
  db: Database,
  secret: () => string,
  onError: (error: unknown) => void,
): () => void {
  return startBackgroundLoop(db, {
    channel: MONITORING_CHANNEL,
    pollMs: MONITORING_POLL_MS,
    pass: async () => {
      await runMonitoring(db, secret());
    },
    onError,
  });
}
