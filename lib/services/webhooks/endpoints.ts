// A workspace's webhook endpoints (admins, console or CLI): made with a secret shown once, changed,
// rotated with an overlap, removed; each change audited in its transaction. The delivery log, its
// replays and a test send are here too.
import { and, desc, eq, sql } from 'drizzle-orm';
import { serverSecret } from '@/lib/config/secret';
import type {
  CreateWebhookEndpoint,
  UpdateWebhookEndpoint,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEventType,
  WebhookMessageStatus,
} from '@/lib/contract/console/webhooks';
import { MAX_WEBHOOK_ENDPOINTS } from '@/lib/contract/console/webhooks';
import { seal } from '@/lib/crypto/seal';
import type { Database, Executor } from '@/lib/db/client';
import { webhookEndpoints, webhookMessages } from '@/lib/db/schema';
import { newId } from '@/lib/ids/ids';
import { writeAudit } from '../audit';
import type { WorkspaceContext } from '../context';
import { forgetEndpoints } from './outbox';
import { newWebhookSecret } from './signing';

/** How long a rotated-out secret still signs beside the new one. */
export const ROTATION_OVERLAP_MS = 24 * 3_600_000;
/** The delivery log shows this many messages of an endpoint, newest first. */
export const DELIVERY_LOG_LIMIT = 100;

type EndpointRow = typeof webhookEndpoints.$inferSelect;

function endpointOf(row: EndpointRow, now: Date): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    eventTypes: row.eventTypes as WebhookEventType[],
    enabled: row.disabledAt === null,
    disabledAt: row.disabledAt?.toISOString() ?? null,
    disabledReason: row.disabledReason,
    rotating: row.previousSecretExpiresAt !== null && row.previousSecretExpiresAt > now,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listEndpoints(db: Executor, ctx: WorkspaceContext): Promise<WebhookEndpoint[]> {
  const rows = await db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.workspaceId, ctx.workspaceId))
    .orderBy(webhookEndpoints.createdAt, webhookEndpoints.id);
  const now = new Date();
  return rows.map((row) => endpointOf(row, now));
}

export type CreateEndpointOutcome =
  | { ok: true; endpoint: WebhookEndpoint; secret: string }
  | { ok: false; reason: 'too_many' };

export async function createEndpoint(
  db: Database,
  ctx: WorkspaceContext,
  input: CreateWebhookEndpoint,
): Promise<CreateEndpointOutcome> {
  const secret = newWebhookSecret();
  const outcome = await db.transaction(async (tx): Promise<CreateEndpointOutcome> => {
    // Serialises concurrent creates, so the cap holds.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`webhooks:${ctx.workspaceId}`}))`);
    const [count] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.workspaceId, ctx.workspaceId));
    if ((count?.n ?? 0) >= MAX_WEBHOOK_ENDPOINTS) return { ok: false, reason: 'too_many' };
    const [row] = await tx
      .insert(webhookEndpoints)
      .values({
        id: newId('whe'),
        workspaceId: ctx.workspaceId,
        url: input.url,
        description: input.description,
        eventTypes: input.eventTypes,
        secretSealed: seal(serverSecret(), secret),
        createdBy: ctx.actor,
      })
      .returning();
    if (!row) throw new Error('insert returned no row');
    await writeAudit(tx, {
      workspaceId: ctx.workspaceId,
      actor: ctx.actor,
      requestId: ctx.requestId,
      action: 'webhook.create',
      targetId: row.id,
      metadata: { url: row.url, eventTypes: row.eventTypes },
    });
    return { ok: true, endpoint: endpointOf(row, new Date()), secret };
  });
  forgetEndpoints(ctx.workspaceId);
  return outcome;
}

export async function updateEndpoint(
  db: Database,
  ctx: WorkspaceContext,
  id: string,
  change: UpdateWebhookEndpoint,
): Promise<WebhookEndpoint | null> {
  const result = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(webhookEndpoints)
      .set({
        ...(change.url === undefined ? {} : { url: change.url }),
        ...(change.description === undefined ? {} : { description: change.description }),
        ...(change.eventTypes === undefined ? {} : { eventTypes: change.eventTypes }),
        ...(change.enabled === undefined
          ? {}
          : change.enabled
            ? { disabledAt: null, disabledReason: null }
            : { disabledAt: sql`now()`, disabledReason: 'Turned off by an admin.' }),
        updatedAt: sql`now()`,
      })
      .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.workspaceId, ctx.workspaceId)))
      .returning();
    if (!row) return null;
    await writeAudit(tx, {
      workspaceId: ctx.workspaceId,
      actor: ctx.actor,
      requestId: ctx.requestId,
      action: 'webhook.update',
      targetId: id,
      metadata: { ...change },
    });
    // Re-enabled: what was waiting is sent again from now (the failed stay failed until replayed).
    if (change.enabled === true) {
      await tx
        .update(webhookMessages)
        .set({ nextAttemptAt: sql`now()` })
        .where(and(eq(webhookMessages.endpointId, id), eq(webhookMessages.status, 'pending')));
    }
    return endpointOf(row, new Date());
  });
  forgetEndpoints(ctx.workspaceId);
  return result;
}

export async function removeEndpoint(db: Database, ctx: WorkspaceContext, id: string): Promise<boolean> {
  const removed = await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(webhookEndpoints)
      .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.workspaceId, ctx.workspaceId)))
      .returning({ url: webhookEndpoints.url });
    if (!row) return false;
    await writeAudit(tx, {
      workspaceId: ctx.workspaceId,
      actor: ctx.actor,
      requestId: ctx.requestId,
      action: 'webhook.delete',
      targetId: id,
      metadata: { url: row.url },
    });
    return true;
  });
  forgetEndpoints(ctx.workspaceId);
  return removed;
}

/** A new secret, shown once; the old one keeps signing beside it for ROTATION_OVERLAP_MS. */
export async function rotateEndpointSecret(
  db: Database,
  ctx: WorkspaceContext,
  id: string,
): Promise<{ secret: string; previousExpiresAt: string } | null> {
  const secret = newWebhookSecret();
  const expires = new Date(Date.now() + ROTATION_OVERLAP_MS);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(webhookEndpoints)
      .set({
        previousSecretSealed: sql`${webhookEndpoints.secretSealed}`,
        previousSecretExpiresAt: expires,
        secretSealed: seal(serverSecret(), secret),
        updatedAt: sql`now()`,
      })
      .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.workspaceId, ctx.workspaceId)))
      .returning({ id: webhookEndpoints.id });
    if (!row) return null;
    await writeAudit(tx, {
      workspaceId: ctx.workspaceId,
      actor: ctx.actor,
      requestId: ctx.requestId,
      action: 'webhook.rotate_secret',
      targetId: id,
      metadata: { previousExpiresAt: expires.toISOString() },
    });
    return { secret, previousExpiresAt: expires.toISOString() };
  });
}

/** The endpoint's latest messages; null when the workspace has no such endpoint. */
export async function deliveryLog(
  db: Executor,
  ctx: WorkspaceContext,
  endpointId: string,
): Promise<WebhookDelivery[] | null> {
  const [endpoint] = await db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.workspaceId, ctx.workspaceId)));
  if (!endpoint) return null;
  const rows = await db
    .select()
    .from(webhookMessages)
    .where(eq(webhookMessages.endpointId, endpointId))
    .orderBy(desc(webhookMessages.createdAt), desc(webhookMessages.id))
    .limit(DELIVERY_LOG_LIMIT);
  return rows.map((row) => ({
    id: row.id,
    eventType: row.eventType,
    status: row.status as WebhookMessageStatus,
    attempts: row.attempts,
    nextAttemptAt: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
    lastStatus: row.lastStatus,
    lastLatencyMs: row.lastLatencyMs,
    lastResponse: row.lastResponse,
    createdAt: row.createdAt.toISOString(),
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
  }));
}

/**
 * Sends failed messages again from now with a fresh set of attempts (the same webhook-id, so a
 * receiver that already has one drops it): one by id, or every failed one of the endpoint.
 */
export async function replayFailed(
  db: Database,
  ctx: WorkspaceContext,
  endpointId: string,
  messageId?: string,
): Promise<number | null> {
  return db.transaction(async (tx) => {
    const [endpoint] = await tx
      .select({ id: webhookEndpoints.id })
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.workspaceId, ctx.workspaceId)));
    if (!endpoint) return null;
    const replayed = await tx
      .update(webhookMessages)
      .set({ status: 'pending', attempts: 0, nextAttemptAt: sql`now()` })
      .where(
        and(
          eq(webhookMessages.endpointId, endpointId),
          eq(webhookMessages.status, 'failed'),
          messageId === undefined ? undefined : eq(webhookMessages.id, messageId),
        ),
      )
      .returning({ id: webhookMessages.id });
    if (messageId !== undefined && replayed.length === 0) return null;
    await writeAudit(tx, {
      workspaceId: ctx.workspaceId,
      actor: ctx.actor,
      requestId: ctx.requestId,
      action: 'webhook.replay',
      targetId: endpointId,
      metadata: { messages: replayed.map((r) => r.id) },
    });
    // The outbox trigger wakes the dispatchers on inserts only: notify for the replay.
    await tx.execute(sql`select pg_notify('verity_webhooks', '')`);
    return replayed.length;
  });
}
