import { index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

import type { TombstoneKind } from '@/lib/contract/console/deletion';

export type { TombstoneKind };

/** The scope of a tombstone written by an operator's erasure: every workspace. */
export const EVERYWHERE = '*';

/**
 * What remains of a deletion: one keyed hash (HMAC-SHA256 with the server secret) per
 * identifier form (an email has up to three: SHA-256, MD5, SHA1), never the identifier.
 * `scope` says whom it refuses: `*` (an operator's data-subject erasure) every workspace, a
 * workspace id (that workspace admin's erasure of its own contributions) that workspace only.
 */
export const deletionTombstones = pgTable(
  'deletion_tombstones',
  {
    keyHash: text('key_hash').notNull(),
    kind: text('kind').$type<TombstoneKind>().notNull(),
    scope: text('scope').notNull().default(EVERYWHERE),
    /**
     * The workspace whose admin recorded the request; null for an operator's erasure. No foreign
     * key: a tombstone outlives it.
     */
    workspaceId: text('workspace_id'),
    /** The deletion request (`del_...`), as in the audit log's target id. */
    requestId: text('request_id').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // One row per key and scope, whoever asked first. The primary key's index serves the lookup
  // every Verify, Signals and ingested item makes (`key_hash = any(...) and scope in ('*', ws)`).
  (t) => [
    primaryKey({ columns: [t.keyHash, t.scope] }),
    // An interrupted operator erasure is resumed from its request's tombstones.
    index('deletion_tombstones_request_idx').on(t.requestId),
  ],
);

export type DeletionTombstoneRow = typeof deletionTombstones.$inferSelect;
