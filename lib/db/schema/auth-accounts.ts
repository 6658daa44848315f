import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Auth.js adapter table: links a user to an external provider account (OAuth, e-mail). Unused
 * by password sign-in, kept so another provider can be added without a migration.
 */
export const authAccounts = pgTable(
  'auth_accounts',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    provider: text('provider').notNull(),
    providerAccountId: text('provider_account_id').notNull(),
    refresh_token: text('refresh_token'),
    access_token: text('access_token'),
    expires_at: integer('expires_at'),
    token_type: text('token_type'),
    scope: text('scope'),
    id_token: text('id_token'),
    session_state: text('session_state'),
  },
  (t) => [
    primaryKey({ columns: [t.provider, t.providerAccountId] }),
    // Deleting or unlinking a user's accounts looks them up by user.
    index('auth_accounts_user_idx').on(t.userId),
  ],
);
