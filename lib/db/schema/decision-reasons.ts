import { sql } from 'drizzle-orm';
import { check, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { workspaces } from './workspaces';

/**
 * The reasons an analyst picks from when deciding on a session, per workspace and decision.
 * A new workspace gets the defaults where it is created (seedDecisionReasons). Decisions copy
 * the label, so removing a reason never rewrites history.
 */
export const decisionReasons = pgTable(
  'decision_reasons',
  {
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    decision: text('decision').notNull(),
    label: text('label').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.decision, t.label] }),
    check('decision_reasons_decision', sql`${t.decision} in ('approve', 'review', 'decline')`),
  ],
);
