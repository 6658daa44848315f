import { pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { identifiers } from './identifiers';

/** An identifier's appearance in a named breach (POST /api/records, kind breach). */
export const breaches = pgTable(
  'breaches',
  {
    identifierId: text('identifier_id')
      .notNull()
      .references(() => identifiers.id, { onDelete: 'cascade' }),
    breach: text('breach').notNull(),
    breachedAt: timestamp('breached_at', { withTimezone: true }).notNull(),
    /** The workspace that reported it: each tenant's claim stands on its own (provenance). */
    workspaceId: text('workspace_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.identifierId, t.breach, t.workspaceId] })],
);
