import { pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** Auth.js adapter table for one-time e-mail sign-in tokens (unused by password sign-in). */
export const authVerificationTokens = pgTable(
  'auth_verification_tokens',
  {
    identifier: text('identifier').notNull(),
    token: text('token').notNull(),
    expires: timestamp('expires', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.identifier, t.token] })],
);
