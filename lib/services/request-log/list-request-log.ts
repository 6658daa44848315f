import { and, between, desc, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import {
  REQUEST_LOG_PAGE_SIZE,
  type RequestLogFilter,
  type RequestLogPage,
  type RequestLogRow,
  toInstant,
} from '@/lib/contract/console/request-log';
import type { Database } from '@/lib/db/client';
import { apiKeys, apiRequests, workspaces } from '@/lib/db/schema';
import type { WorkspaceContext } from '../context';
import { flushAllRequestLogs } from './request-log';

function statusFilter(status: string): SQL {
  // `4xx` is 400 to 499; a single status is itself.
  const low = Number(status.replace(/x/g, '0'));
  return status.endsWith('xx') ? between(apiRequests.status, low, low + 99) : eq(apiRequests.status, low);
}

function filters(ctx: WorkspaceContext, filter: RequestLogFilter): SQL[] {
  return [
    eq(apiRequests.workspaceId, ctx.workspaceId),
    ...(filter.requestId ? [eq(apiRequests.requestId, filter.requestId)] : []),
    ...(filter.status ? [statusFilter(filter.status)] : []),
    ...(filter.keyId ? [eq(apiRequests.keyId, filter.keyId)] : []),
    ...(filter.operation ? [eq(apiRequests.operation, filter.operation)] : []),
    ...(filter.from ? [gte(apiRequests.createdAt, toInstant(filter.from))] : []),
    ...(filter.to ? [lte(apiRequests.createdAt, toInstant(filter.to))] : []),
  ];
}

/**
 * Rows strictly after the cursor row in newest-first order, compared by the row's own
 * (created_at, id) in the database (microseconds never round-trip through a JavaScript date). A
 * cursor of another workspace matches no row, hence an empty page.
 */
const after = (ctx: WorkspaceContext, cursor: string) =>
  sql`(${apiRequests.createdAt}, ${apiRequests.id}) < (select c.created_at, c.id from api_requests c where c.id = ${cursor}::bigint and c.workspace_id = ${ctx.workspaceId})`;

/**
 * One page of the workspace's request log, newest first, with the cursor of the next page. This
 * process's buffered rows, and its siblings', are written first: a call answered before the read
 * is in it.
 */
export async function listRequestLog(
  db: Database,
  ctx: WorkspaceContext,
  query: RequestLogFilter & { cursor?: string; limit?: number },
): Promise<RequestLogPage> {
  await flushAllRequestLogs(db);
  const limit = query.limit ?? REQUEST_LOG_PAGE_SIZE;
  const [rows, [settings]] = await Promise.all([
    db
      .select({
        id: apiRequests.id,
        createdAt: apiRequests.createdAt,
        requestId: apiRequests.requestId,
        operation: apiRequests.operation,
        method: apiRequests.method,
        status: apiRequests.status,
        latencyMs: apiRequests.latencyMs,
        keyId: apiRequests.keyId,
        keyName: apiKeys.name,
        keyStart: apiKeys.start,
        problemCode: apiRequests.problemCode,
        problem: apiRequests.problem,
      })
      .from(apiRequests)
      // The key as the Keys tab names it now: its label and prefix.
      .leftJoin(
        apiKeys,
        and(eq(apiKeys.id, apiRequests.keyId), eq(apiKeys.workspaceId, apiRequests.workspaceId)),
      )
      .where(and(...filters(ctx, query), ...(query.cursor ? [after(ctx, query.cursor)] : [])))
      .orderBy(desc(apiRequests.createdAt), desc(apiRequests.id))
      .limit(limit + 1),
    db.select({ days: workspaces.requestLogDays }).from(workspaces).where(eq(workspaces.id, ctx.workspaceId)),
  ]);
  const entries: RequestLogRow[] = rows.slice(0, limit).map((row) => ({
    ...row,
    id: String(row.id),
    createdAt: row.createdAt.toISOString(),
  }));
  const last = entries.at(-1);
  return {
    entries,
    nextCursor: rows.length > limit && last ? last.id : null,
    retentionDays: settings?.days ?? 0,
  };
}
