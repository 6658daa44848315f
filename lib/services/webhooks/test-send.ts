// The console's "Send test event": one signed `webhook.test` delivery now, answered with what the
// receiver said, and kept in the endpoint's delivery log (not retried: the admin is watching).
import { and, eq } from 'drizzle-orm';
import { env } from '@/lib/config/env';
import type { Database } from '@/lib/db/client';
import { webhookEndpoints, webhookMessages } from '@/lib/db/schema';
import { testEvent } from '@/lib/engine/webhooks/events';
import { newId } from '@/lib/ids/ids';
import type { WorkspaceContext } from '../context';
import { secretsOf } from './dispatcher';
import { type SendResult, sendWebhook } from './send';
import { signedHeaders } from './signing';

export async function sendTestEvent(
  db: Database,
  ctx: WorkspaceContext,
  endpointId: string,
): Promise<(SendResult & { messageId: string }) | null> {
  const [endpoint] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.workspaceId, ctx.workspaceId)));
  if (!endpoint) return null;
  const now = new Date();
  const id = newId('msg');
  const event = testEvent(endpoint.id, now);
  const body = JSON.stringify(event);
  const result = await sendWebhook(
    endpoint.url,
    { ...signedHeaders(id, now, body, secretsOf(endpoint, now)) },
    body,
    {
      allowNetworks: env().WEBHOOK_ALLOW_NETWORKS,
    },
  );
  await db.insert(webhookMessages).values({
    id,
    workspaceId: ctx.workspaceId,
    endpointId: endpoint.id,
    eventType: event.type,
    payload: { ...event },
    status: result.ok ? 'delivered' : 'failed',
    attempts: 1,
    nextAttemptAt: now,
    lastAttemptAt: now,
    lastStatus: result.status,
    lastLatencyMs: result.latencyMs,
    lastResponse: result.response,
    deliveredAt: result.ok ? now : null,
    createdAt: now,
  });
  return { ...result, messageId: id };
}
