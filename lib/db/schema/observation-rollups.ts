import { sql } from 'drizzle-orm';
import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { identifiers } from './identifiers';

/**
 * Hourly counts per identifier, event type and source, kept in the same transaction as the
 * observations. A year's summary of a busy email reads at most 8,760 hours × types × sources
 * rows instead of millions of observations; keeping the source keeps distinct-source counts exact.
 */
export const observationRollups = pgTable(
  'observation_rollups',
  {
    identifierId: text('identifier_id')
      .notNull()
      .references(() => identifiers.id, { onDelete: 'cascade' }),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    type: text('type').notNull(),
    source: text('source').notNull(),
    /** The contributing workspace, as in observations. */
    workspaceId: text('workspace_id').notNull().generatedAlwaysAs(sql`split_part(source, ':', 1)`),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.identifierId, t.hour, t.type, t.source] })],
);
