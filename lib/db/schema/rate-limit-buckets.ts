import { boolean, doublePrecision, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Token buckets per key and endpoint, shared by every server process on the database. Each
 * process spends from its copy in memory and reconciles it here (lib/services/rate-limit.ts).
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
