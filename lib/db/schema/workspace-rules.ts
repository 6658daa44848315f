import { integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { Rule, RuleOutcome } from '@/lib/engine/rules/rule-set';
import { workspaces } from './workspaces';

/**
 * A workspace's decision rules (issue 33), append-only like its risk policies: each save is the
 * next version and the latest is in force, so the version a stored call was decided under
 * (session_calls.rules_version) stays readable. A workspace that never saved rules has no row and
 * its answers carry no outcome.
 */
export const workspaceRules = pgTable(
  'workspace_rules',
  {
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    /** In order: the first that matches decides. */
    rules: jsonb('rules').$type<Rule[]>().notNull(),
    defaultOutcome: text('default_outcome').$type<RuleOutcome>().notNull(),
    defaultReasonCode: text('default_reason_code').notNull(),
    /** `cli` or a console user id, as in audit_log.actor. */
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The key also serialises concurrent saves: two cannot both write the same next version.
  (t) => [primaryKey({ columns: [t.workspaceId, t.version] })],
);
