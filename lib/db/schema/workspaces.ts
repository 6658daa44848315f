import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, real, text, timestamp } from 'drizzle-orm/pg-core';
import { DEFAULT_RATE_LIMIT_PER_SEC } from '@/lib/contract/console/rate-limit';
import {
  DEFAULT_REQUEST_LOG_DAYS,
  MAX_REQUEST_LOG_DAYS,
  MIN_REQUEST_LOG_DAYS,
} from '@/lib/contract/console/request-log';

export const workspaces = pgTable(
  'workspaces',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull().unique(),
    /** Verify calls allowed on a trial plan; null means no quota (a paying workspace). */
    trialQuota: integer('trial_quota'),
    /** Verify calls consumed against the trial quota. */
    verifyUsed: integer('verify_used').notNull().default(0),
    /** Contracted requests per second per key and endpoint: the default of keys without an override. */
    rateLimitPerSec: real('rate_limit_per_sec').notNull().default(DEFAULT_RATE_LIMIT_PER_SEC),
    /**
     * Whether the workspace's contributions to the shared graph (sightings, links, records,
     * cleartexts) are visible to other workspaces. Off by default (issue 32): sharing names, phones
     * and addresses with other tenants is an admin's decision, taken with what it shares in view.
     * Workspaces that existed before the change keep the setting they had.
     */
    shareGraph: boolean('share_graph').notNull().default(false),
    /**
     * Whether every member must use two-step sign-in (issue 32): a member without a second factor
     * reaches only the account page, to set one up, from their next console request on.
     */
    requireSecondFactor: boolean('require_second_factor').notNull().default(false),
    /**
     * Continuous monitoring (issue 34): when a sanctions list update adds entries, the sessions
     * active in this many days before it are screened against them. 0 turns monitoring off.
     */
    monitoringWindowDays: integer('monitoring_window_days').notNull().default(90),
    /** Days the request log (api_requests) keeps a call before the retention pass deletes it. */
    requestLogDays: integer('request_log_days').notNull().default(DEFAULT_REQUEST_LOG_DAYS),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('workspaces_rate_limit_positive', sql`${t.rateLimitPerSec} > 0`),
    check('workspaces_monitoring_window', sql`${t.monitoringWindowDays} between 0 and 3650`),
    check(
      'workspaces_request_log_days_range',
      sql`${t.requestLogDays} between ${sql.raw(String(MIN_REQUEST_LOG_DAYS))} and ${sql.raw(String(MAX_REQUEST_LOG_DAYS))}`,
    ),
  ],
);

export type Workspace = typeof workspaces.$inferSelect;
