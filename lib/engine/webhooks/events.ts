// The events a workspace's endpoints receive (docs/api/webhooks.md): the Standard Webhooks body
// shape `{ type, timestamp, data }`. They name sessions, decisions and keys, never a person.
// Their bodies are typed by the contract's schemas (lib/contract/schemas/webhooks.ts), which the
// OpenAPI document and the typed client publish.
import type { WebhookEventBody, WebhookEventName } from '@/lib/contract/schemas/webhooks';
import { type RiskBand, riskBand } from '../risk';
import type { RuleDecision } from '../rules/decide';

/** `webhook.test` only for the console's test send, which every endpoint takes. */
export type WebhookEvent<T extends WebhookEventName = WebhookEventName> = WebhookEventBody<T>;

export function sessionCreatedEvent(
  session: { sessionId: string; risk: number; outcome: RuleDecision | null },
  at: Date,
): WebhookEvent<'session.created'> {
  const band: RiskBand = riskBand(session.risk);
  return {
    type: 'session.created',
    timestamp: at.toISOString(),
    data: {
      sessionId: session.sessionId,
      risk: session.risk,
      band,
      ...(session.outcome ? { outcome: session.outcome } : {}),
    },
  };
}

export function decisionRecordedEvent(
  decision: Omit<WebhookEventBody<'decision.recorded'>['data'], 'decidedAt'>,
  at: Date,
): WebhookEvent<'decision.recorded'> {
  return {
    type: 'decision.recorded',
    timestamp: at.toISOString(),
    data: { ...decision, decidedAt: at.toISOString() },
  };
}

export function keyEvent<T extends 'key.created' | 'key.rotated' | 'key.revoked'>(
  type: T,
  key: { keyId: string; start: string; name: string | null },
  at: Date,
): WebhookEvent<T> {
  // The three key events share one body; TypeScript cannot narrow the generic union by `type`.
  const event: WebhookEvent<'key.created' | 'key.rotated' | 'key.revoked'> = {
    type,
    timestamp: at.toISOString(),
    data: key,
  } as WebhookEvent<'key.created'> | WebhookEvent<'key.rotated'> | WebhookEvent<'key.revoked'>;
  return event as WebhookEvent<T>;
}

export function testEvent(endpointId: string, at: Date): WebhookEvent<'webhook.test'> {
  return {
    type: 'webhook.test',
    timestamp: at.toISOString(),
    data: { endpointId, message: 'A test event sent from the console.' },
  };
}

/**
 * A sanctions list update matched a session verified in the workspace's monitoring window. The
 * entry is named by its list and id, as the list publishes it; the applicant's name is not sent.
 */
export function monitoringHitEvent(
  hit: {
    sessionId: string;
    hitId: string;
    list: string;
    source: string;
    version: string;
    entryId: string;
    score: number;
    locationAgrees: boolean;
  },
  at: Date,
): WebhookEvent<'monitoring.hit'> {
  const { sessionId, hitId, list, source, version, entryId, score, locationAgrees } = hit;
  return {
    type: 'monitoring.hit',
    timestamp: at.toISOString(),
    data: {
      sessionId,
      hitId,
      list,
      entry: { id: entryId, source, version },
      score,
      locationAgrees,
    },
  };
}
