import { index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Which identities (the applicant's name, else email, else SSN) a workspace's Verify calls by API
 * key paired with each hub (a phone, IP address, street address, SSN or email), once per pair: the
 * first call's session and time. Both values are keyed hashes (lib/services/velocity.ts), never the
 * identifiers. Written with the call (lib/services/record-calls.ts); a new pair adds one to its
 * hub's buckets (velocity_buckets), so the velocity checks never count these rows.
 */
export const velocityPairs = pgTable(
  'velocity_pairs',
  {
    // No foreign key: its per-row check would run on every Verify's write, and workspaces are never deleted.
    workspaceId: text('workspace_id').notNull(),
    /** `phone`, `ip`, `address`, `ssn` or `email`. */
    hubKind: text('hub_kind').notNull(),
    hubHash: text('hub_hash').notNull(),
    identityHash: text('identity_hash').notNull(),
    /** The session of the call that first paired them: the console pivots to it. */
    sessionId: text('session_id').notNull(),
    firstAt: timestamp('first_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    // Insert-once, and "is the applicant already paired with this hub" in one lookup.
    primaryKey({ columns: [t.workspaceId, t.hubKind, t.hubHash, t.identityHash] }),
    // The latest few pairs of a hub (the sessions a check names), whatever the hub's size.
    index('velocity_pairs_hub_latest_idx').on(t.workspaceId, t.hubKind, t.hubHash, t.firstAt.desc()),
    // The console's search by name (lib/services/sessions-search.ts): an identity's sessions.
    index('velocity_pairs_identity_idx').on(t.workspaceId, t.identityHash),
    // Erasure removes the pairs of the sessions it erases.
    index('velocity_pairs_session_idx').on(t.sessionId),
  ],
);
