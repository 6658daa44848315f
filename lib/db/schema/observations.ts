import { sql } from 'drizzle-orm';
import { bigserial, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { identifiers } from './identifiers';

export type ObservationType = 'verification' | 'visitor' | 'signup' | 'click' | 'signals' | 'id_resolution';

/**
 * One sighting of an identifier: the raw material of first/last seen and pattern summaries.
 * Partitioned by month of `observed_at` (migration 0023, lib/services/maintenance): old months
 * are dropped whole once past the retention, the hours they held staying in observation_rollups.
 */
export const observations = pgTable(
  'observations',
  {
    // Internal row key only (never leaves the database); a serial keeps this hot table narrow.
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    identifierId: text('identifier_id')
      .notNull()
      .references(() => identifiers.id, { onDelete: 'cascade' }),
    type: text('type').$type<ObservationType>().notNull(),
    /** Who made the observation: a workspace id for API calls, the feed's name for events. */
    source: text('source').notNull(),
    /** The contributing workspace: every source starts with its id (`ws_…` or `ws_…:feed`). */
    workspaceId: text('workspace_id').notNull().generatedAlwaysAs(sql`split_part(source, ':', 1)`),
    country: text('country'),
    observedAt: timestamp('observed_at', { withTimezone: true }).notNull(),
  },
  // Pattern summaries read one identifier's observations over a trailing time window.
  // A partitioned table's primary key must hold the partition key.
  (t) => [
    primaryKey({ columns: [t.seq, t.observedAt] }),
    index('observations_identifier_time_idx').on(t.identifierId, t.observedAt),
  ],
);
