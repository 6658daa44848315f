import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { identifiers } from './identifiers';

/** What is known of a social profile (the `profile` identifier it describes). */
export const profileRecords = pgTable('profile_records', {
  identifierId: text('identifier_id')
    .primaryKey()
    .references(() => identifiers.id, { onDelete: 'cascade' }),
  service: text('service').notNull(),
  handle: text('handle').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }),
  followers: integer('followers'),
  following: integer('following'),
  country: text('country'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
