import { and, asc, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { AuditFacets, AuditFilter, AuditPage, AuditRow } from '@/lib/contract/console/audit';
import { AUDIT_PAGE_SIZE } from '@/lib/contract/console/audit';
import type { Executor } from '@/lib/db/client';
import { apiKeys, auditLog, users } from '@/lib/db/schema';
import type { WorkspaceContext } from '../context';

/** The day after an ISO date, at midnight UTC: `to` includes its whole day. */
const dayAfter = (isoDate: string) => new Date(Date.parse(`${isoDate}T00:00:00Z`) + 86_400_000);

function filters(ctx: WorkspaceContext, filter: AuditFilter): SQL[] {
  return [
    eq(auditLog.workspaceId, ctx.workspaceId),
    ...(filter.actor ? [eq(auditLog.actor, filter.actor)] : []),
    ...(filter.action ? [eq(auditLog.action, filter.action)] : []),
    ...(filter.from ? [gte(auditLog.createdAt, new Date(`${filter.from}T00:00:00Z`))] : []),
    ...(filter.to ? [lt(auditLog.createdAt, dayAfter(filter.to))] : []),
  ];
}

/**
 * Rows strictly after the cursor row in newest-first order. The cursor is a row id, compared by
 * the row's own (created_at, id) in the database: microsecond timestamps never round-trip through
 * JavaScript dates, so two rows of one millisecond are neither skipped nor repeated. A cursor of
 * another workspace matches no row, hence an empty page.
 */
const after = (ctx: WorkspaceContext, cursor: string) =>
  sql`(${auditLog.createdAt}, ${auditLog.id}) < (select c.created_at, c.id from audit_log c where c.id = ${cursor} and c.workspace_id = ${ctx.workspaceId})`;

/** One page of the workspace's audit log, newest first, with the cursor of the next page. */
export async function listAudit(
  db: Executor,
  ctx: WorkspaceContext,
  query: AuditFilter & { cursor?: string; limit?: number },
): Promise<AuditPage> {
  const limit = query.limit ?? AUDIT_PAGE_SIZE;
  const rows = await db
    .select({
      id: auditLog.id,
      createdAt: auditLog.createdAt,
      actor: auditLog.actor,
      actorEmail: users.email,
      action: auditLog.action,
      targetId: auditLog.targetId,
      requestId: auditLog.requestId,
      metadata: auditLog.metadata,
      keyName: apiKeys.name,
      keyStart: apiKeys.start,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actor))
    // A key's row names it as the Keys tab does: its label and prefix (as it is now).
    .leftJoin(apiKeys, and(eq(apiKeys.id, auditLog.targetId), eq(apiKeys.workspaceId, auditLog.workspaceId)))
    .where(and(...filters(ctx, query), ...(query.cursor ? [after(ctx, query.cursor)] : [])))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit + 1);
  const entries: AuditRow[] = rows.slice(0, limit).map(({ keyName, keyStart, ...row }) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    targetLabel: keyStart === null ? null : `${keyName ?? 'Unlabelled key'} (${keyStart}…)`,
  }));
  const last = entries.at(-1);
  return { entries, nextCursor: rows.length > limit && last ? last.id : null };
}

/** Every action and actor on record in the workspace, for the filter menus. */
export async function auditFacets(db: Executor, ctx: WorkspaceContext): Promise<AuditFacets> {
  const inWorkspace = eq(auditLog.workspaceId, ctx.workspaceId);
  const [actions, actors] = await Promise.all([
    db
      .selectDistinct({ action: auditLog.action })
      .from(auditLog)
      .where(inWorkspace)
      .orderBy(asc(auditLog.action)),
    db
      .selectDistinct({ id: auditLog.actor, email: users.email })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actor))
      .where(inWorkspace)
      .orderBy(asc(users.email), asc(auditLog.actor)),
  ]);
  return { actions: actions.map((a) => a.action), actors };
}
