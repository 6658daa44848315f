import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { workspaces } from './workspaces';

export const auditLog = pgTable(
  'audit_log',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** Who acted: `cli`, `system`, or a console user id. */
    actor: text('actor').notNull(),
    /** Dotted verb, e.g. `key.create`, `key.rotate`, `key.revoke`. */
    action: text('action').notNull(),
    targetId: text('target_id'),
    /** The X-Request-Id of the console or API call that made the change; null for CLIs and jobs. */
    requestId: text('request_id'),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The audit page lists a workspace's newest entries first, paged by (created_at, id).
  (t) => [index('audit_log_workspace_created_idx').on(t.workspaceId, t.createdAt.desc(), t.id.desc())],
);
