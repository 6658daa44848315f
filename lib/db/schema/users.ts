import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';
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
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type User = typeof users.$inferSelect;
