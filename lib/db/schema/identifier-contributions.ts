import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { identifiers } from './identifiers';

/**
 * Each workspace's share of an identifier's aggregates (identifiers holds them over every
 * contributor): kept by observe() in the same statement as the identifier, one row per
 * (identifier, contributing workspace), a record or link alone included (observations 0, its
 * dates then the record's). A workspace that does not see every other workspace's contributions
 * (share_graph off somewhere) reads first/last seen, counts and countries from here, and an
 * identifier without a visible row is unknown to it (lib/services/graph/view.ts).
 */
export const identifierContributions = pgTable(
  'identifier_contributions',
  {
    identifierId: text('identifier_id')
      .notNull()
      .references(() => identifiers.id, { onDelete: 'cascade' }),
    workspaceId: text('workspace_id').notNull(),
    countries: text('countries').array().notNull().default([]),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    observations: integer('observations').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.identifierId, t.workspaceId] })],
);
