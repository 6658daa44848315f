import { sql } from 'drizzle-orm';
import { check, index, pgTable, real, text, timestamp } from 'drizzle-orm/pg-core';
import { workspaces } from './workspaces';

export const apiKeys = pgTable(
  'api_keys',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** SHA-256 (hex) of the whole secret: the only form of the secret that is stored. */
    hash: text('hash').notNull().unique(),
    /** The first characters of the secret, so people can tell keys apart in lists. */
    start: text('start').notNull(),
    name: text('name'),
    scopes: text('scopes').array().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set on the old key by a rotation: it keeps working until then (the grace period). */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** Soft revocation: the row stays for the audit trail. */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** The key that replaced this one in a rotation. */
    rotatedToId: text('rotated_to_id'),
    /** This key's own rate (requests per second per endpoint); null: the workspace's default. */
    rateLimitPerSec: real('rate_limit_per_sec'),
    /**
     * Last authenticated request, as of the last usage flush (seconds behind at most): written by
     * the batched flush of lib/services/keys/usage-counter.ts, never once per request.
     */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  // Admin listings are per workspace; authentication goes through the unique hash index.
  (t) => [
    index('api_keys_workspace_idx').on(t.workspaceId),
    check('api_keys_rate_limit_positive', sql`${t.rateLimitPerSec} > 0`),
  ],
);

export type ApiKey = typeof apiKeys.$inferSelect;
