import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { webhookEndpoints } from './webhook-endpoints';

/**
 * The outbox: one row per event and endpoint, written in the transaction that made the event (a
 * rolled-back change emits nothing; a crash after the commit loses nothing). The dispatcher claims
 * due rows with SKIP LOCKED, so several server processes share the work and none sends one twice
 * at once. Its id is the Standard Webhooks `webhook-id`, the same on every attempt and replay,
 * so a receiver can drop duplicates. The payload names sessions and decisions, never a person.
 */
export const webhookMessages = pgTable(
  'webhook_messages',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id').notNull(),
    endpointId: text('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventType: text('event_type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** pending (to send at next_attempt_at), delivered, or failed (retries exhausted). */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    /** The receiver's HTTP status of the last attempt; null when it did not answer. */
    lastStatus: integer('last_status'),
    lastLatencyMs: integer('last_latency_ms'),
    /** The first characters of the receiver's answer, or why there was none (timeout, refused). */
    lastResponse: text('last_response'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The dispatcher's scan: due pending messages, oldest first.
    index('webhook_messages_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    // The console's delivery log of an endpoint, newest first.
    index('webhook_messages_endpoint_created_idx').on(t.endpointId, t.createdAt),
    check('webhook_messages_status', sql`${t.status} in ('pending', 'delivered', 'failed')`),
  ],
);
