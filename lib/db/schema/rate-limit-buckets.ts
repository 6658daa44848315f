import { boolean, doublePrecision, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Token buckets per key and endpoint. They live in Postgres so that every server process
 * sharing the database enforces one limit (nothing shared lives in one process's memory).
 */
export const rateLimitBuckets = pgTable(
  'rate_limit_buckets',
  {
    keyId: text('key_id').notNull(),
    endpoint: text('endpoint').notNull(),
    tokens: doublePrecision('tokens').notNull(),
    refilledAt: timestamp('refilled_at', { withTimezone: true }).notNull(),
    /** Whether the last take succeeded: lets one UPSERT both decide and report. */
    lastAllowed: boolean('last_allowed').notNull(),
  },
  (t) => [primaryKey({ columns: [t.keyId, t.endpoint] })],
);
