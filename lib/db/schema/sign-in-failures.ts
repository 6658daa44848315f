import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Failed console sign-ins, one row per failure and throttle key (a keyed hash of the e-mail or of
 * the client IP, never the value itself). Rows older than the throttle window are pruned.
 */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    keyHash: text('key_hash').notNull(),
    failedAt: timestamp('failed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sign_in_failures_key_idx').on(t.keyHash, t.failedAt),
    index('sign_in_failures_at_idx').on(t.failedAt),
  ],
);
