import { pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** The idempotency ledger of POST /api/events: an event id is stored once per workspace. */
export const ingestedEvents = pgTable(
  'ingested_events',
  {
    workspaceId: text('workspace_id').notNull(),
    eventId: text('event_id').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.eventId] })],
);
