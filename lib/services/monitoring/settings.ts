// The workspace's monitoring window (Admin → Settings) and its latest monitoring runs.
import { desc, eq, inArray } from 'drizzle-orm';
import type {
  MonitoringHitView,
  MonitoringRunView,
  MonitoringState,
  SavedMonitoringSettings,
} from '@/lib/contract/console/monitoring';
import type { Database, Executor } from '@/lib/db/client';
import { monitoringHits, monitoringRuns, workspaces } from '@/lib/db/schema';
import { writeAudit } from '../audit';
import type { WorkspaceContext } from '../context';

/** Runs listed in Settings. */
export const MONITORING_RUNS_SHOWN = 20;

const isStatus = (status: string): status is MonitoringRunView['status'] =>
  status === 'pending' || status === 'running' || status === 'done';

export async function getMonitoring(db: Executor, ctx: WorkspaceContext): Promise<MonitoringState | null> {
  const [workspace] = await db
    .select({ windowDays: workspaces.monitoringWindowDays })
    .from(workspaces)
    .where(eq(workspaces.id, ctx.workspaceId));
  if (!workspace) return null;
  const runs = await db
    .select()
    .from(monitoringRuns)
    .where(eq(monitoringRuns.workspaceId, ctx.workspaceId))
    .orderBy(desc(monitoringRuns.createdAt), desc(monitoringRuns.id))
    .limit(MONITORING_RUNS_SHOWN);
  return {
    windowDays: workspace.windowDays,
    runs: runs.map((run) => ({
      id: run.id,
      list: run.list,
      source: run.source,
      version: run.version,
      entries: run.entries,
      status: isStatus(run.status) ? run.status : 'pending',
      done: run.done,
      total: run.total,
      hits: run.hits,
      since: run.since.toISOString(),
      until: run.until.toISOString(),
      createdAt: run.createdAt.toISOString(),
      finishedAt: run.finishedAt?.toISOString() ?? null,
    })),
  };
}

export type SetMonitoringResult =
  | { ok: true; value: SavedMonitoringSettings }
  | { ok: false; reason: 'not_found' };

/** Sets the window, audited as `workspace.monitoring_window` in the same transaction (unchanged: nothing). */
export async function setMonitoringWindow(
  db: Database,
  ctx: WorkspaceContext,
  input: { windowDays: number },
): Promise<SetMonitoringResult> {
  return db.transaction(async (tx): Promise<SetMonitoringResult> => {
    const [current] = await tx
      .select({ windowDays: workspaces.monitoringWindowDays })
      .from(workspaces)
      .where(eq(workspaces.id, ctx.workspaceId))
      .for('update');
    if (!current) return { ok: false, reason: 'not_found' };
    const changed = current.windowDays !== input.windowDays;
    if (changed) {
      await tx
        .update(workspaces)
        .set({ monitoringWindowDays: input.windowDays })
        .where(eq(workspaces.id, ctx.workspaceId));
      await writeAudit(tx, {
        workspaceId: ctx.workspaceId,
        actor: ctx.actor,
        requestId: ctx.requestId,
        action: 'workspace.monitoring_window',
        targetId: ctx.workspaceId,
        metadata: { from: current.windowDays, to: input.windowDays },
      });
    }
    return {
      ok: true,
      value: { windowDays: input.windowDays, previousWindowDays: current.windowDays, changed },
    };
  });
}

/** The monitoring hits of these sessions (of the workspace), newest first per session. */
export async function monitoringHitsOf(
  db: Executor,
  workspaceId: string,
  sessionIds: readonly string[],
): Promise<Map<string, MonitoringHitView[]>> {
  const out = new Map<string, MonitoringHitView[]>();
  if (sessionIds.length === 0) return out;
  const rows = await db
    .select()
    .from(monitoringHits)
    .where(inArray(monitoringHits.sessionId, [...sessionIds]))
    .orderBy(desc(monitoringHits.createdAt), desc(monitoringHits.id));
  for (const row of rows) {
    if (row.workspaceId !== workspaceId) continue;
    const list = out.get(row.sessionId) ?? [];
    list.push({
      id: row.id,
      list: row.list,
      source: row.source,
      entryId: row.entryId,
      entryName: row.entryName,
      matchedName: row.matchedName,
      score: row.score,
      locationAgrees: row.locationAgrees,
      evidence: row.evidence,
      createdAt: row.createdAt.toISOString(),
    });
    out.set(row.sessionId, list);
  }
  return out;
}
