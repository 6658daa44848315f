import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { identifiers } from './identifiers';

/**
 * Two identifiers seen together in one event or request. Stored once per pair with
 * `a_id < b_id`; confidence is derived from the distinct sources and the age (never stored,
 * since it decays with time).
 */
export const identifierLinks = pgTable(
  'identifier_links',
  {
    aId: text('a_id')
      .notNull()
      .references(() => identifiers.id, { onDelete: 'cascade' }),
    bId: text('b_id')
      .notNull()
      .references(() => identifiers.id, { onDelete: 'cascade' }),
    observations: integer('observations').notNull().default(0),
    /** Distinct workspaces that saw the pair (link_sources holds which sources): confidence counts these. */
    sources: integer('sources').notNull().default(0),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
  },
  // The primary key serves lookups from a; this index serves them from b. Both hold the other end
  // in order, so a hub's first neighbours are one short index-only range however many it has.
  (t) => [primaryKey({ columns: [t.aId, t.bId] }), index('identifier_links_b_idx').on(t.bId, t.aId)],
);

export const linkSources = pgTable(
  'link_sources',
  {
    aId: text('a_id').notNull(),
    bId: text('b_id').notNull(),
    source: text('source').notNull(),
    /** The contributing workspace (sources are `<workspace>` or `<workspace>:<feed>`). */
    workspaceId: text('workspace_id').notNull().generatedAlwaysAs(sql`split_part(source, ':', 1)`),
    /**
     * When this source saw the pair first and last: a workspace's view dates (and so decays) a
     * link by its visible sources only, and an erasure recomputes the link from the rest. The last
     * sighting is moved on at most hourly, so a repeated pair costs no write.
     */
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.aId, t.bId, t.source] })],
);
