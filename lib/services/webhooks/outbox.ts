// Writing events into the outbox (webhook_messages), always inside the transaction of the change
// that made them: one message per enabled endpoint of the workspace that takes the event type.
import { and, arrayContains, eq, isNull } from 'drizzle-orm';
import type { WebhookEventType } from '@/lib/contract/console/webhooks';
import type { Database, Executor } from '@/lib/db/client';
import { webhookEndpoints, webhookMessages } from '@/lib/db/schema';
import type { WebhookEvent } from '@/lib/engine/webhooks/events';
import { newId } from '@/lib/ids/ids';
import { TtlCache } from '@/lib/services/dns/ttl-cache';
import { forgetOnNotify } from '../forget-on-notify';

export type OutboxRow = typeof webhookMessages.$inferInsert;

/** The rows of one event for these endpoints. */
export const outboxRows = (
  workspaceId: string,
  endpointIds: readonly string[],
  event: WebhookEvent,
): OutboxRow[] =>
  endpointIds.map((endpointId) => ({
    id: newId('msg'),
    workspaceId,
    endpointId,
    eventType: event.type,
    payload: { ...event },
    nextAttemptAt: new Date(event.timestamp),
  }));

/** The workspace's enabled endpoints that take this event type. */
export async function subscribedEndpoints(
  db: Executor,
  workspaceId: string,
  type: WebhookEventType,
): Promise<string[]> {
  const rows = await db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.workspaceId, workspaceId),
        isNull(webhookEndpoints.disabledAt),
        arrayContains(webhookEndpoints.eventTypes, [type]),
      ),
    );
  return rows.map((row) => row.id);
}

/** Writes the event for every subscribed endpoint, in the caller's transaction. */
export async function enqueueEvent(
  tx: Executor,
  workspaceId: string,
  event: WebhookEvent<WebhookEventType>,
): Promise<void> {
  const rows = outboxRows(workspaceId, await subscribedEndpoints(tx, workspaceId, event.type), event);
  if (rows.length > 0) await tx.insert(webhookMessages).values(rows);
}

/**
 * Verify runs on every call: which endpoints take `session.created` is cached per workspace for
 * a few seconds (most workspaces have none: no statement at all). A change in this process
 * forgets the entry at once; another process's change is seen when it expires.
 */
export const ENDPOINTS_CACHE_MS = 5_000;
const sessionTargets = new TtlCache<string[]>(10_000);

/** Every process forgets a workspace's endpoints at the commit of a change anywhere (drizzle/0038). */
export const ENDPOINTS_CHANNEL = 'verity_webhook_endpoints_changes';
const listen = forgetOnNotify(ENDPOINTS_CHANNEL, sessionTargets);

export async function sessionCreatedTargets(db: Database, workspaceId: string): Promise<string[]> {
  listen(db);
  const cached = sessionTargets.get(workspaceId);
  if (cached) return cached;
  const ids = await subscribedEndpoints(db, workspaceId, 'session.created');
  sessionTargets.set(workspaceId, ids, ENDPOINTS_CACHE_MS);
  return ids;
}

export function forgetEndpoints(workspaceId: string): void {
  sessionTargets.set(workspaceId, [], 0);
}
