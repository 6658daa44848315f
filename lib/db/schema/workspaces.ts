import { relations } from 'drizzle-orm';
import { integer, pgTable, real, text, timestamp } from 'drizzle-orm/pg-core';
import { apiKeys } from './api-keys';

export const workspaces = pgTable('workspaces', {
  id: text('id').primaryKey(),
  name: text('name').notNull().unique(),
  /** Verify calls allowed on a trial plan; null means no quota (a paying workspace). */
  trialQuota: integer('trial_quota'),
  /** Verify calls consumed against the trial quota. */
  verifyUsed: integer('verify_used').notNull().default(0),
  /** Contracted requests per second per key and endpoint; null means unlimited. */
  rateLimitPerSec: real('rate_limit_per_sec'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const workspacesRelations = relations(workspaces, ({ many }) => ({
  apiKeys: many(apiKeys),
}));

export type Workspace = typeof workspaces.$inferSelect;
