import { eq, sql } from 'drizzle-orm';
import { fieldErrors } from '@/lib/contract/field-errors';
import { type GraphContributions, graphSharingRequestSchema } from '@/lib/contract/schemas/graph-sharing';
import type { Database } from '@/lib/db/client';
import { type IdentifierKind, workspaces } from '@/lib/db/schema';

import type { ParseResult } from '@/lib/engine/types';
import { writeAudit } from './audit';
import { invalidateGraphView } from './graph/view';
import type { WorkspaceRef } from './keys/workspace-rate-limit';

const where = (ref: WorkspaceRef) =>
  'workspaceId' in ref ? eq(workspaces.id, ref.workspaceId) : eq(workspaces.name, ref.workspaceName);

export interface GraphSharing {
  workspaceId: string;
  workspace: string;
  /** Whether other workspaces see this one's contributions to the shared graph. */
  shareGraph: boolean;
}

export function parseGraphSharingRequest(body: unknown): ParseResult<{ shareGraph: boolean }> {
  const result = graphSharingRequestSchema.safeParse(body);
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, code: 'INVALID_INPUT', errors: fieldErrors(result.error.issues) };
}

/** The workspace's sharing setting; null when there is no such workspace. */
export async function getGraphSharing(db: Database, ref: WorkspaceRef): Promise<GraphSharing | null> {
  const [row] = await db
    .select({ workspaceId: workspaces.id, workspace: workspaces.name, shareGraph: workspaces.shareGraph })
    .from(workspaces)
    .where(where(ref));
  return row ?? null;
}

/**
 * Counts this workspace's contributions, for the admin who decides whether to share them. The
 * tables are keyed by identifier, not workspace: each count scans its table once, which is fine
 * for a page an admin opens and never on the API's path.
 */
export async function graphContributions(db: Database, workspaceId: string): Promise<GraphContributions> {
  const kinds = await db.execute<{ kind: IdentifierKind; n: number }>(sql`
    select i.kind, count(*)::int as n from identifier_contributions c
    join identifiers i on i.id = c.identifier_id
    where c.workspace_id = ${workspaceId} group by i.kind`);
  const [counts] = (
    await db.execute<{ links: number; breaches: number; phone_records: number; profile_records: number }>(sql`
      select (select count(*)::int from link_sources where workspace_id = ${workspaceId}) as links,
             (select count(*)::int from breaches where workspace_id = ${workspaceId}) as breaches,
             (select count(*)::int from phone_records where workspace_id = ${workspaceId}) as phone_records,
             (select count(*)::int from profile_records where workspace_id = ${workspaceId}) as profile_records`)
  ).rows;
  return {
    identifiers: Object.fromEntries(kinds.rows.map((row) => [row.kind, row.n])),
    links: counts?.links ?? 0,
    breaches: counts?.breaches ?? 0,
    phoneRecords: counts?.phone_records ?? 0,
    profileRecords: counts?.profile_records ?? 0,
  };
}

export type SetGraphSharingResult =
  | { ok: true; value: GraphSharing & { changed: boolean } }
  | { ok: false; reason: 'not_found' };

/**
 * Turns sharing on or off, audited in the same transaction (an unchanged setting writes
 * nothing). Readers cache the list of non-sharing workspaces for a second (graph/view.ts): this
 * process forgets it at once, the others within that second.
 */
export async function setGraphSharing(
  db: Database,
  input: WorkspaceRef & { shareGraph: boolean; actor: string; requestId?: string },
): Promise<SetGraphSharingResult> {
  const result = await db.transaction(async (tx): Promise<SetGraphSharingResult> => {
    const [current] = await tx
      .select({ id: workspaces.id, name: workspaces.name, shareGraph: workspaces.shareGraph })
      .from(workspaces)
      .where(where(input))
      .for('update');
    if (!current) return { ok: false, reason: 'not_found' };
    const changed = current.shareGraph !== input.shareGraph;
    if (changed) {
      await tx.update(workspaces).set({ shareGraph: input.shareGraph }).where(eq(workspaces.id, current.id));
      await writeAudit(tx, {
        workspaceId: current.id,
        actor: input.actor,
        requestId: input.requestId,
        action: 'workspace.share_graph',
        targetId: current.id,
        metadata: { from: current.shareGraph, to: input.shareGraph },
      });
    }
    return {
      ok: true,
      value: { workspaceId: current.id, workspace: current.name, shareGraph: input.shareGraph, changed },
    };
  });
  if (result.ok && result.value.changed) invalidateGraphView();
  return result;
}
