import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { sessions } from './sessions';

/**
 * Every decision an analyst recorded on a session, append-only: a trigger refuses UPDATE, and
 * DELETE of a row whose session still exists (an erasure of the session takes its decisions
 * with it). The latest row is the decision in force, copied to sessions.decision.
 */
export const sessionDecisions = pgTable(
  'session_decisions',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id').notNull(),
    sessionId: text('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    decision: text('decision').notNull(),
    /** The reason's label as it read when chosen. */
    reason: text('reason').notNull(),
    note: text('note'),
    /** The console user who decided. */
    actor: text('actor').notNull(),
    requestId: text('request_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // A session page shows its decisions newest first.
  (t) => [
    index('session_decisions_session_created_idx').on(t.sessionId, t.createdAt),
    check('session_decisions_decision', sql`${t.decision} in ('approve', 'review', 'decline')`),
  ],
);
