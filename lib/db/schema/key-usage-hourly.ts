import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { apiKeys } from './api-keys';
import { workspaces } from './workspaces';

/**
 * Requests per key, endpoint (rate-limit bucket), hour and status class. Each server process
 * counts in memory and adds its counts here in one multi-row upsert every few seconds
 * (lib/services/keys/usage-counter.ts): never a row per request. Hours, not days, so that "the
 * last 24 hours" is exact to the hour; a key's 30 days are at most 720 rows per endpoint and class.
 */
export const keyUsageHourly = pgTable(
  'key_usage_hourly',
  {
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    keyId: text('key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    /** The start of the UTC hour. */
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    /** `2xx` (every answer below 400), `4xx` (but 429), `429`, `5xx`. */
    statusClass: text('status_class').notNull(),
    requests: integer('requests').notNull(),
  },
  // The usage page reads a workspace's last 30 days.
  (t) => [
    primaryKey({ columns: [t.keyId, t.endpoint, t.hour, t.statusClass] }),
    index('key_usage_hourly_workspace_hour_idx').on(t.workspaceId, t.hour),
  ],
);
