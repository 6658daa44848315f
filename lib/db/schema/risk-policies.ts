import { integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { RiskOverrides } from '@/lib/engine/risk-policy/overrides';
import type { RiskWeights } from '@/lib/engine/risk-policy/weights';
import { workspaces } from './workspaces';

/**
 * A workspace's risk policies, append-only: each save is the next version and the latest is in
 * force, so the version a stored call was scored under (session_calls.policy_version) stays
 * readable. Version 0, the catalog's defaults, has no row.
 */
export const riskPolicies = pgTable(
  'risk_policies',
  {
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    /** checkId -> state -> level, only where it differs from the catalog's default. */
    overrides: jsonb('overrides').$type<RiskOverrides>().notNull(),
    /**
     * checkId -> state -> weight of evidence, only where it differs from the catalog's; rows saved
     * before weights could be set read as none.
     */
    weights: jsonb('weights').$type<RiskWeights>().notNull().default({}),
    /** `cli` or a console user id, as in audit_log.actor. */
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The key also serialises concurrent saves: two cannot both write the same next version.
  (t) => [primaryKey({ columns: [t.workspaceId, t.version] })],
);
