import { sql } from 'drizzle-orm';
import type { Executor } from '@/lib/db/client';

/** Rows deleted per statement: a long log is cut in short transactions, never one big lock. */
const BATCH = 5_000;

/**
 * Deletes the calls older than their workspace's `request_log_days`, counted back from `now`, in
 * batches; answers how many went. Every server process runs it hourly (request-log.ts): deleting
 * what another process already deleted is a no-op.
 */
export async function pruneRequestLog(db: Executor, now: Date): Promise<number> {
  let deleted = 0;
  for (;;) {
    const result = await db.execute(sql`
      delete from api_requests where id in (
        select r.id from workspaces w
        -- Per workspace, so that each reads its (workspace_id, created_at) index from the horizon.
        cross join lateral (
          select a.id from api_requests a
          where a.workspace_id = w.id
            and a.created_at < ${now.toISOString()}::timestamptz - make_interval(days => w.request_log_days)
          limit ${BATCH}) r
        limit ${BATCH})`);
    const count = result.rowCount ?? 0;
    deleted += count;
    if (count < BATCH) return deleted;
  }
}
