import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * New identities per hub and bucket: hourly buckets (the last hour and day are summed from them)
 * and UTC-day buckets (the last 7 and 30 days), kept as the pairs are written. A Verify reads at
 * most 25 hourly and 31 daily rows per hub by primary key, whatever the number of sharers.
 */
export const velocityBuckets = pgTable(
  'velocity_buckets',
  {
    // No foreign key: its per-row check would run on every Verify's write, and workspaces are never deleted.
    workspaceId: text('workspace_id').notNull(),
    hubKind: text('hub_kind').notNull(),
    hubHash: text('hub_hash').notNull(),
    /** `hour` or `day`. */
    span: text('span').notNull(),
    /** The start of the UTC hour or day. */
    bucketStart: timestamp('bucket_start', { withTimezone: true }).notNull(),
    identities: integer('identities').notNull(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.hubKind, t.hubHash, t.span, t.bucketStart] })],
);
