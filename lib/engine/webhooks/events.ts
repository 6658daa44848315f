// The events a workspace's endpoints receive (docs/api/webhooks.md): the Standard Webhooks body
// shape `{ type, timestamp, data }`. They name sessions, decisions and keys, never a person.
import type { WebhookEventType } from '@/lib/contract/console/webhooks';
import { type RiskBand, riskBand } from '../risk';
import type { RuleDecision } from '../rules/decide';

export interface WebhookEvent<
  T extends WebhookEventType | 'webhook.test' = WebhookEventType | 'webhook.test',
> {
  /** `webhook.test` only for the console's test send, which every endpoint takes. */
  type: T;
  /** ISO 8601, when the event happened. */
  timestamp: string;
  data: Record<string, unknown>;
}

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
  decision: { sessionId: string; decisionId: string; decision: string; reason: string },
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
  return { type, timestamp: at.toISOString(), data: key };
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
