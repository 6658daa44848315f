// Continuous monitoring, first half (issue 34): an import of a sanctions source that replaces an
// earlier version records what it added or changed and, in the same transaction, one monitoring
// run per workspace whose window is on. The run's key (workspace, source, version) is unique, so a
// version is screened once however often it is imported; the runs are worked by runs.ts.
import { gt, sql } from 'drizzle-orm';
import type { Executor } from '@/lib/db/client';
import { monitoringRuns, sanctionListChanges, sessions, workspaces } from '@/lib/db/schema';
import { addedEntries, listVersion } from '@/lib/engine/sanctions/list-changes';
import type { SanctionEntry, SanctionListId } from '@/lib/engine/sanctions/types';
import { newId } from '@/lib/ids/ids';

/** Runs waiting for a process are announced here at the import's commit. */
export const MONITORING_CHANNEL = 'verity_monitoring';

const DAY_MS = 86_400_000;

export interface ListChange {
  source: string;
  list: SanctionListId;
  previous: readonly SanctionEntry[];
  next: readonly SanctionEntry[];
  at: Date;
}

/**
 * Records the change and queues the runs, in the import's transaction; how many runs were queued.
 * Nothing when the new version adds nothing (same content, or only removals).
 */
export async function recordListChange(tx: Executor, change: ListChange): Promise<number> {
  const added = addedEntries(change.previous, change.next);
  if (added.length === 0) return 0;
  const version = listVersion(change.next);
  await tx
    .insert(sanctionListChanges)
    .values({ source: change.source, version, list: change.list, added, importedAt: change.at })
    .onConflictDoNothing();
  // Each watching workspace with how many sessions were active in its window before the import
  // (sessions_workspace_updated_idx); later ones are screened against the new version by the checks.
  const watching = await tx
    .select({
      id: workspaces.id,
      days: workspaces.monitoringWindowDays,
      // Qualified by hand: drizzle writes a one-table select's columns unqualified, which inside
      // the subquery would name the session's own.
      total: sql<number>`(select count(*) from ${sessions} s where s.workspace_id = "workspaces"."id"
        and s.updated_at >= ${change.at}::timestamptz - "workspaces"."monitoring_window_days" * interval '86400 seconds'
        and s.updated_at < ${change.at}::timestamptz)::int`,
    })
    .from(workspaces)
    .where(gt(workspaces.monitoringWindowDays, 0));
  const queued =
    watching.length === 0
      ? []
      : await tx
          .insert(monitoringRuns)
          .values(
            watching.map((workspace) => ({
              id: newId('mon'),
              workspaceId: workspace.id,
              source: change.source,
              version,
              list: change.list,
              entries: added.length,
              since: new Date(change.at.getTime() - workspace.days * DAY_MS),
              until: change.at,
              total: workspace.total,
            })),
          )
          .onConflictDoNothing()
          .returning({ id: monitoringRuns.id });
  if (queued.length > 0) await tx.execute(sql`select pg_notify(${MONITORING_CHANNEL}, '')`);
  return queued.length;
}
