import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One row: a fingerprint (an HMAC keyed by the server secret) of the secret this database was
 * first started with. Keyed hashes and tombstones only match under that secret, so a start with
 * another one is refused instead of silently learning erased people again.
 */
export const serverSecret = pgTable(
  'server_secret',
  {
    id: integer('id').primaryKey().default(1),
    fingerprint: text('fingerprint').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('server_secret_one_row', sql`${t.id} = 1`)],
);
