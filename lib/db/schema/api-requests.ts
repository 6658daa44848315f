import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { StoredProblem } from '@/lib/contract/console/request-log';
import { workspaces } from './workspaces';

/**
 * The request log (issue 34): one row per answer to a known API key, what a developer needs to
 * debug an integration from its calls and nothing of the request's personal data: no body, no
 * query, no client address. Each server process buffers rows in memory and writes them in one
 * multi-row INSERT every few seconds (lib/services/request-log/request-log.ts); rows older than
 * the workspace's `request_log_days` are deleted by the hourly retention pass.
 */
export const apiRequests = pgTable(
  'api_requests',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** When the request arrived. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** The X-Request-Id of the answer. */
    requestId: text('request_id').notNull(),
    /** The operationId of the OpenAPI document (verify, signals, ingestEvents, ...). */
    operation: text('operation').notNull(),
    method: text('method').notNull(),
    status: integer('status').notNull(),
    latencyMs: integer('latency_ms').notNull(),
    /** The key that called; no foreign key, so that a row outlives its key (label and prefix by join). */
    keyId: text('key_id').notNull(),
    /** The problem's code for an error answer, else null. */
    problemCode: text('problem_code'),
    /** The problem body of an error answer, quoted input removed (lib/engine/stored-problem.ts). */
    problem: jsonb('problem').$type<StoredProblem>(),
  },
  // The console lists a workspace's newest first, paged by (created_at, id), narrowed by any of
  // request id, status, key and operation; retention deletes by workspace and time.
  (t) => [
    index('api_requests_workspace_created_idx').on(t.workspaceId, t.createdAt.desc(), t.id.desc()),
    index('api_requests_workspace_request_idx').on(t.workspaceId, t.requestId),
    index('api_requests_workspace_status_idx').on(t.workspaceId, t.status, t.createdAt.desc()),
    index('api_requests_workspace_key_idx').on(t.workspaceId, t.keyId, t.createdAt.desc()),
    index('api_requests_workspace_operation_idx').on(t.workspaceId, t.operation, t.createdAt.desc()),
  ],
);
