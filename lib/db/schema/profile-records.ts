import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { identifiers } from './identifiers';

/**
 * What a workspace reported of a social profile (the `profile` identifier it describes). One row
 * per reporting workspace: one tenant's record never overwrites another's (provenance); readers
 * take the newest record among the workspaces they may see.
 */
export const profileRecords = pgTable(
  'profile_records',
  {
    identifierId: text('identifier_id')
      .notNull()
      .references(() => identifiers.id, { onDelete: 'cascade' }),
    workspaceId: text('workspace_id').notNull(),
    service: text('service').notNull(),
    handle: text('handle').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }),
    followers: integer('followers'),
    following: integer('following'),
    country: text('country'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.identifierId, t.workspaceId] })],
);
