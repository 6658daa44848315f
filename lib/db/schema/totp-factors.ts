import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A console user's authenticator app (issue 32): the TOTP secret sealed with the server secret
 * (AES-256-GCM, lib/crypto/seal.ts), confirmed once a first code matched, and the time step of
 * the last code accepted, so no code works twice.
 */
export const totpFactors = pgTable('totp_factors', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  sealedSecret: text('sealed_secret').notNull(),
  /** Null while enrolment waits for a first code; the factor is asked for only once confirmed. */
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  lastStep: integer('last_step'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
