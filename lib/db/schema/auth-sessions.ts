import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Auth.js adapter table for database sessions. The console signs in with passwords, which
 * Auth.js only allows with JWT sessions, so this stays empty unless the strategy changes.
 * Not to be confused with `sessions` (Verify sessions).
 */
export const authSessions = pgTable(
  'auth_sessions',
  {
    sessionToken: text('session_token').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expires: timestamp('expires', { withTimezone: true, mode: 'date' }).notNull(),
  },
  // Signing a user out everywhere deletes their sessions by user.
  (t) => [index('auth_sessions_user_idx').on(t.userId)],
);
