import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { SanctionEntry, SanctionListId } from '@/lib/engine/sanctions/types';

/**
 * One imported sanctions source (OFAC SDN with its add/alt/comments files, UN XML, ...), replaced
 * whole on import. Entries are stored as one JSON array: the screening index is always built from
 * the whole list, so per-entry rows would only add a join.
 */
export const sanctionLists = pgTable('sanction_lists', {
  /** The source name: folder and primary file, e.g. `ofac-sdn-2021-07/sdn.csv`. */
  id: text('id').primaryKey(),
  list: text('list').$type<SanctionListId>().notNull(),
  format: text('format').notNull(),
  sourcePath: text('source_path').notNull(),
  publishedAt: timestamp('published_at', { withTimezone: true }),
  entryCount: integer('entry_count').notNull(),
  importedAt: timestamp('imported_at', { withTimezone: true }).notNull(),
  entries: jsonb('entries').$type<SanctionEntry[]>().notNull(),
});
