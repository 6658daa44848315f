import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One imported reference list (Tor exits, iCloud Private Relay egresses, VPN, data-center ranges),
 * replaced whole on import.
 * The id is the list name: the file's folder and name (e.g. `tor/exit-addresses`).
 */
export const referenceLists = pgTable('reference_lists', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  /** 'tor' | 'privacy-relay' | 'vpn' | 'datacenter' */
  category: text('category').notNull(),
  format: text('format').notNull(),
  sourcePath: text('source_path').notNull(),
  publishedAt: timestamp('published_at', { withTimezone: true }),
  entryCount: integer('entry_count').notNull(),
  importedAt: timestamp('imported_at', { withTimezone: true }).notNull(),
  /** Canonical CIDRs; a bare address is stored as /32 or /128. */
  entries: text('entries').array().notNull(),
});
