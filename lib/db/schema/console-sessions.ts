import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Signed-in console sessions (issue 32): one row per sign-in, its id carried in the session
 * token, so a user sees where they are signed in and ends any of them. The token stays the
 * credential; the row is what can revoke it (every console request reads it with the
 * membership). Rows of sessions over for 30 days are pruned at the user's next sign-in.
 */
export const consoleSessions = pgTable(
  'console_sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The browser's User-Agent at sign-in, as sent (cut to 512 characters). */
    userAgent: text('user_agent'),
    /** The client address at sign-in (the peer, or X-Forwarded-For from a trusted proxy). */
    ipAddress: text('ip_address'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Refreshed at most once a minute by console requests. */
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }).notNull().defaultNow(),
    /** Signed out, ended from another session, or by a reset; null while it may act. */
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [index('console_sessions_user_idx').on(t.userId, t.lastActiveAt)],
);
