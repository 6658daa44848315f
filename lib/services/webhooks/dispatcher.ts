// Delivers the outbox: claims due messages (SKIP LOCKED, so server processes share the work), signs
// and sends each, and records the answer; a failure is tried again on the back-off schedule, and
// once none is left the message fails and its endpoint is disabled, the admin told through the
// audit log and the console. Runs beside the API, never inside an answer: woken at commit by the
// outbox's NOTIFY, and every few seconds for retries.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { env } from '@/lib/config/env';
import { serverSecret } from '@/lib/config/secret';
import { unseal } from '@/lib/crypto/seal';
import type { Database } from '@/lib/db/client';
import { webhookEndpoints, webhookMessages } from '@/lib/db/schema';
import { MAX_ATTEMPTS, nextAttemptAt } from '@/lib/engine/webhooks/retry';
import { writeAudit } from '../audit';
import { startBackgroundLoop } from '../background-loop';
import { forgetEndpoints } from './outbox';
import { type SendResult, sendWebhook, WEBHOOK_TIMEOUT_MS } from './send';
import { signedHeaders } from './signing';

export const WEBHOOK_CHANNEL = 'verity_webhooks';
/** Messages claimed per round, sent concurrently. */
export const DISPATCH_BATCH = 16;
/** Retries are looked for this often (new messages wake the dispatcher at once). */
export const DISPATCH_POLL_MS = 5_000;
/**
 * A claim lasts this long: a process that dies mid-send leaves the message to another (or to
 * itself after a restart) once it lapses. A live sender is done within the send's timeout, and
 * the answer is recorded in a statement after it: ten seconds more is ample.
 */
export const LEASE_MS = WEBHOOK_TIMEOUT_MS + 10_000;

export interface DispatchOptions {
  now?: Date;
  random?: () => number;
  allowNetworks?: readonly string[];
  send?: typeof sendWebhook;
}

type Claimed = {
  id: string;
  endpoint_id: string;
  workspace_id: string;
  payload: unknown;
  attempts: number;
};

/** Secrets that sign now: the current one, and the rotated-out one during its overlap. */
export function secretsOf(
  endpoint: {
    secretSealed: string;
    previousSecretSealed: string | null;
    previousSecretExpiresAt: Date | null;
  },
  now: Date,
): string[] {
  const secret = serverSecret();
  const current = unseal(secret, endpoint.secretSealed);
  const previous =
    endpoint.previousSecretSealed &&
    endpoint.previousSecretExpiresAt &&
    endpoint.previousSecretExpiresAt > now
      ? unseal(secret, endpoint.previousSecretSealed)
      : null;
  return previous ? [current, previous] : [current];
}

/** One round: up to DISPATCH_BATCH due messages sent; how many were attempted. */
export async function dispatchDue(db: Database, options: DispatchOptions = {}): Promise<number> {
  const now = options.now ?? new Date();
  const claimed = await db.execute<Claimed>(sql`
    update ${webhookMessages} m
       set attempts = m.attempts + 1, last_attempt_at = ${now}, next_attempt_at = ${new Date(now.getTime() + LEASE_MS)}
     where m.id in (
       select q.id from ${webhookMessages} q
         join ${webhookEndpoints} e on e.id = q.endpoint_id
        where q.status = 'pending' and q.next_attempt_at <= ${now} and e.disabled_at is null
        order by q.next_attempt_at
        limit ${DISPATCH_BATCH}
          for update of q skip locked)
    returning m.id, m.endpoint_id, m.workspace_id, m.payload, m.attempts`);
  if (claimed.rows.length === 0) return 0;
  const endpoints = await db
    .select()
    .from(webhookEndpoints)
    .where(inArray(webhookEndpoints.id, [...new Set(claimed.rows.map((m) => m.endpoint_id))]));
  const byId = new Map(endpoints.map((e) => [e.id, e]));
  const send = options.send ?? sendWebhook;
  const allowNetworks = options.allowNetworks ?? env().WEBHOOK_ALLOW_NETWORKS;
  await Promise.all(
    claimed.rows.map(async (message) => {
      const endpoint = byId.get(message.endpoint_id);
      if (!endpoint) return;
      const body = JSON.stringify(message.payload);
      const headers = signedHeaders(message.id, now, body, secretsOf(endpoint, now));
      const result = await send(endpoint.url, { ...headers }, body, { allowNetworks });
      await recordAttempt(db, message, result, now, options.random ?? Math.random);
    }),
  );
  return claimed.rows.length;
}

async function recordAttempt(
  db: Database,
  message: Claimed,
  result: SendResult,
  now: Date,
  random: () => number,
): Promise<void> {
  const answer = {
    lastStatus: result.status,
    lastLatencyMs: result.latencyMs,
    lastResponse: result.response,
  };
  if (result.ok) {
    await db
      .update(webhookMessages)
      .set({ ...answer, status: 'delivered', deliveredAt: now })
      .where(eq(webhookMessages.id, message.id));
    return;
  }
  const next = nextAttemptAt(message.attempts, now, random());
  if (next) {
    await db
      .update(webhookMessages)
      .set({ ...answer, nextAttemptAt: next })
      .where(eq(webhookMessages.id, message.id));
    return;
  }
  // Retries exhausted: the message fails and the endpoint stops, so the admin looks at it.
  await db.transaction(async (tx) => {
    await tx
      .update(webhookMessages)
      .set({ ...answer, status: 'failed' })
      .where(eq(webhookMessages.id, message.id));
    const disabled = await tx
      .update(webhookEndpoints)
      .set({
        disabledAt: now,
        disabledReason: `Disabled after ${MAX_ATTEMPTS} failed attempts to deliver ${message.id} over about a day.`,
        updatedAt: now,
      })
      .where(and(eq(webhookEndpoints.id, message.endpoint_id), sql`${webhookEndpoints.disabledAt} is null`))
      .returning({ id: webhookEndpoints.id });
    if (disabled.length > 0) {
      await writeAudit(tx, {
        workspaceId: message.workspace_id,
        actor: 'system',
        action: 'webhook.disabled',
        targetId: message.endpoint_id,
        metadata: { messageId: message.id, attempts: message.attempts, lastResponse: result.response },
      });
    }
  });
  forgetEndpoints(message.workspace_id);
}

/** Starts this process's dispatcher; returns a stop function. */
export function startWebhookDispatcher(db: Database, onError: (error: unknown) => void): () => void {
  return startBackgroundLoop(db, {
    channel: WEBHOOK_CHANNEL,
    pollMs: DISPATCH_POLL_MS,
    pass: async () => {
      while ((await dispatchDue(db)) === DISPATCH_BATCH) {
        // A full round: more may be due.
      }
    },
    onError,
  });
}
