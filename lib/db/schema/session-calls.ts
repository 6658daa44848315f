import { index, integer, jsonb, pgTable, real, text, timestamp } from 'drizzle-orm/pg-core';
import type { RuleDecision, StoredRuleFacts } from '@/lib/engine/rules/decide';
import type { Check } from '@/lib/engine/types';
import { sessions } from './sessions';

export const sessionCalls = pgTable(
  'session_calls',
  {
    id: text('id').primaryKey(),
    sessionId: text('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    workspaceId: text('workspace_id').notNull(),
    /** 201 for the call that created the session, 200 for joins. */
    status: integer('status').notNull(),
    risk: real('risk').notNull(),
    /** Masked identifiers of this call (e.g. `j***@example.com`), safe to show in the console. */
    inputSummary: jsonb('input_summary').$type<Record<string, unknown>>().notNull(),
    /** The call's checks with masked descriptions (lib/engine/mask-checks.ts): no SSN area or group, full phone or birthday. */
    checks: jsonb('checks').$type<Check[]>().notNull(),
    requestId: text('request_id').notNull(),
    /** The workspace's risk policy version the call was scored under; 0 = the catalog's defaults. */
    policyVersion: integer('policy_version').notNull().default(0),
    /**
     * What the workspace's rules read besides the checks and the risk (velocity counts, which
     * lists matched which kind of value; nothing personal), so a backtest can replay the call.
     * Null for calls stored before rules existed.
     */
    ruleFacts: jsonb('rule_facts').$type<StoredRuleFacts>(),
    /** The rules' outcome the answer carried; null when the workspace had no rules. */
    outcome: jsonb('outcome').$type<RuleDecision>(),
    /** The rules version the call was decided under; null when the workspace had none. */
    rulesVersion: integer('rules_version'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A session page shows its calls in order.
    index('session_calls_session_created_idx').on(t.sessionId, t.createdAt),
    // The console finds a session by the request id a caller quotes (issue 31).
    index('session_calls_workspace_request_idx').on(t.workspaceId, t.requestId),
  ],
);
