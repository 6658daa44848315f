// Issue 34: the webhook bodies Verity sends are the ones the OpenAPI document (and so the typed
// client) describes: each event builder's output validates, by Ajv, against the document's
// `webhooks` entry for its type, and every event type an endpoint can take is described.
import type { VerityWebhookEvent } from '@verity/client';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { WEBHOOK_EVENT_TYPES } from '@/lib/contract/console/webhooks';
import {
  decisionRecordedEvent,
  keyEvent,
  monitoringHitEvent,
  sessionCreatedEvent,
  testEvent,
} from '@/lib/engine/webhooks/events';
import { openApiDocument } from '@/lib/openapi/document';
import { documentValidator, pointerToken } from '../support/openapi-validator';

const doc = openApiDocument();
const validator = documentValidator(doc);
const at = new Date('2026-11-29T12:00:00Z');
const bodyPointer = (type: string) =>
  `#/webhooks/${pointerToken(type)}/post/requestBody/content/${pointerToken('application/json')}/schema`;

const outcome = {
  decision: 'review' as const,
  reasonCode: 'VPN_NEW_PHONE',
  rule: { id: 'rul_1', name: 'VPN with a new phone' },
  rulesVersion: 3,
};

const events = [
  sessionCreatedEvent({ sessionId: 'ses_abc', risk: 0.62, outcome }, at),
  sessionCreatedEvent({ sessionId: 'ses_abc', risk: 0.1, outcome: null }, at),
  decisionRecordedEvent(
    { sessionId: 'ses_abc', decisionId: 'dec_1', decision: 'decline', reason: 'FRAUD_RING' },
    at,
  ),
  keyEvent('key.created', { keyId: 'key_1', start: 'vty_3kF', name: 'backend' }, at),
  keyEvent('key.rotated', { keyId: 'key_1', start: 'vty_3kF', name: null }, at),
  keyEvent('key.revoked', { keyId: 'key_1', start: 'vty_3kF', name: 'backend' }, at),
  monitoringHitEvent(
    {
      sessionId: 'ses_abc',
      hitId: 'mhit_1',
      list: 'OFAC SDN',
      source: 'ofac-sdn',
      version: 'v2',
      entryId: '36001',
      score: 0.93,
      locationAgrees: false,
    },
    at,
  ),
  testEvent('whe_1', at),
];

describe('webhook bodies agree with the OpenAPI document', () => {
  it('describes every event type an endpoint can take, and the test send', () => {
    expect(Object.keys(doc.webhooks).sort()).toEqual([...WEBHOOK_EVENT_TYPES, 'webhook.test'].sort());
  });

  it.each(events.map((event) => [event.type, event] as const))('%s validates', (type, event) => {
    expect(validator.errors(bodyPointer(type), event)).toEqual([]);
  });

  it('refuses a body of another event type, and one missing its data', () => {
    const session = events[0];
    expect(validator.errors(bodyPointer('decision.recorded'), session)).not.toEqual([]);
    expect(validator.errors(bodyPointer('session.created'), { ...session, data: {} })).not.toEqual([]);
  });

  it("the typed client's event type is the builders' body", () => {
    expectTypeOf<ReturnType<typeof sessionCreatedEvent>>().toExtend<VerityWebhookEvent<'session.created'>>();
    expectTypeOf<ReturnType<typeof monitoringHitEvent>>().toExtend<VerityWebhookEvent<'monitoring.hit'>>();
    expectTypeOf<VerityWebhookEvent<'session.created'>['data']['band']>().toEqualTypeOf<
      'low' | 'medium' | 'high'
    >();
  });
});
