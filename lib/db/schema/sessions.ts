import { sql } from 'drizzle-orm';
import { index, integer, pgTable, real, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { workspaces } from './workspaces';

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /**
     * The union of every identifier the session has received, as a sealed (AES-256-GCM)
     * JSON document: it holds SSNs and cleartext emails, which never sit in the clear.
     */
    identifiersSealed: text('identifiers_sealed').notNull(),
    calls: integer('calls').notNull().default(0),
    lastRisk: real('last_risk').notNull(),
    /**
     * The graph's coverage sample of the session's first call (lib/engine/coverage.ts): its emails
     * and phones, and how many the graph had first seen over 30 days and over a year before.
     */
    graphAsked: smallint('graph_asked').notNull().default(0),
    graphKnownMonth: smallint('graph_known_month').notNull().default(0),
    graphKnownYear: smallint('graph_known_year').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** The latest analyst decision (session_decisions holds them all); null until one is made. */
    decision: text('decision'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** The console user who claimed the session in the review queue, and when. */
    assignedTo: text('assigned_to'),
    assignedAt: timestamp('assigned_at', { withTimezone: true }),
    /** The rules' outcome of the latest call (approve, review, decline); null without rules. */
    outcome: text('outcome'),
  },
  (t) => [
    // The sessions page lists a workspace's most recently active sessions first.
    index('sessions_workspace_updated_idx').on(t.workspaceId, t.updatedAt),
    // The review queue, oldest first: undecided sessions the rules sent to review, or, where no
    // rules decided, above the low band (REVIEW_QUEUE_MIN_RISK).
    index('sessions_review_queue_idx')
      .on(t.workspaceId, t.createdAt, t.id)
      .where(
        sql`${t.decision} is null and (${t.outcome} = 'review' or (${t.outcome} is null and ${t.lastRisk} > 0.5))`,
      ),
  ],
);
