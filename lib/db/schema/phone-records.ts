import { pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Carrier facts about a number over time. A change of carrier between two records is a port;
 * the line type before it is the previous type (docs/api/ingestion.md "Records").
 */
export const phoneRecords = pgTable(
  'phone_records',
  {
    phone: text('phone').notNull(),
    observedAt: timestamp('observed_at', { withTimezone: true }).notNull(),
    lineType: text('line_type').notNull(),
    /** Empty when unknown, so the natural key stays a plain primary key. */
    carrier: text('carrier').notNull().default(''),
    dno: text('dno'),
    /** The workspace that reported it (provenance). */
    workspaceId: text('workspace_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.phone, t.observedAt, t.lineType, t.carrier, t.workspaceId] })],
);
