import { boolean, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { newId } from '@/lib/ids/ids';

/**
 * Console users, shaped as the Auth.js adapter expects (id, name, email, emailVerified, image)
 * plus our password hash. Named `users`: our `sessions` table already holds Verify sessions.
 */
export const users = pgTable('users', {
  id: text('id')
    .primaryKey()
    .$defaultFn(() => newId('usr')),
  name: text('name'),
  /** Stored lowercased and trimmed, so the unique constraint is case-insensitive in effect. */
  email: text('email').notNull().unique(),
  emailVerified: timestamp('email_verified', { withTimezone: true, mode: 'date' }),
  image: text('image'),
  /** scrypt, self-describing (see lib/crypto/password.ts); null for users of other providers. */
  passwordHash: text('password_hash'),
  /**
   * Set by an admin's reset: the password is a one-time one, to be replaced at the next sign-in
   * (the console lets the user do nothing else until then).
   */
  mustChangePassword: boolean('must_change_password').notNull().default(false),
  /** When a one-time password stops working; null for a password the user chose. */
  passwordExpiresAt: timestamp('password_expires_at', { withTimezone: true }),
  passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
  /**
   * Console sessions signed in before this are over ("sign out everywhere", a reset): every
   * console route compares it with the session's sign-in time, on every process at once.
   */
  sessionsNotBefore: timestamp('sessions_not_before', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type User = typeof users.$inferSelect;
