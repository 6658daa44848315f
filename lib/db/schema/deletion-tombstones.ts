import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export type TombstoneKind = 'email' | 'phone' | 'ssn' | 'profile';

/**
 * What remains of a data-subject deletion: one keyed hash (HMAC-SHA256 with the server secret)
 * per identifier form (an email has up to three: SHA-256, MD5, SHA1), never the identifier.
 * The identity graph is shared by every workspace, so a tombstone is too: Verify in any
 * workspace answers 410 DATA_DELETED for it, and no feed may teach the graph that identifier again.
 */
export const deletionTombstones = pgTable('deletion_tombstones', {
  // One row per key, whoever asked first. The primary key's index also serves the lookup every
  // Verify, Signals and ingested item makes (`key_hash = any(...)`).
  keyHash: text('key_hash').primaryKey(),
  kind: text('kind').$type<TombstoneKind>().notNull(),
  /** The workspace whose admin recorded the request. No foreign key: a tombstone outlives it. */
  workspaceId: text('workspace_id').notNull(),
  /** The deletion request (`del_...`), as in the audit log's target id. */
  requestId: text('request_id').notNull(),
  requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
});

export type DeletionTombstoneRow = typeof deletionTombstones.$inferSelect;
