// Webhook endpoints (issue 34): one schema for the console's form, the routes' parsers and the
// types. Events are signed per the Standard Webhooks specification (docs/api/webhooks.md).
import { z } from 'zod';

export const WEBHOOK_EVENT_TYPES = [
  'session.created',
  'decision.recorded',
  'monitoring.hit',
  'key.created',
  'key.rotated',
  'key.revoked',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const WEBHOOK_EVENT_LABEL: Record<WebhookEventType, string> = {
  'session.created': 'A Verify call created a session (risk band and rules outcome)',
  'decision.recorded': 'An analyst recorded a decision',
  'monitoring.hit': 'A sanctions list update matched a verified person',
  'key.created': 'An API key was created',
  'key.rotated': 'An API key was rotated',
  'key.revoked': 'An API key was revoked',
};

export const WEBHOOK_ENDPOINT_ID = /^whe_[1-9A-HJ-NP-Za-km-z]{22}$/;
export const WEBHOOK_MESSAGE_ID = /^msg_[1-9A-HJ-NP-Za-km-z]{22}$/;

/** POST /api/console/webhooks/{id}/replay: one failed message, or every failed one when absent. */
export const replayRequestSchema = z.strictObject({
  messageId: z.string().regex(WEBHOOK_MESSAGE_ID, 'must be a message id (msg_…)').optional(),
});

/** Endpoints a workspace may keep. */
export const MAX_WEBHOOK_ENDPOINTS = 10;

const url = z
  .url({ protocol: /^https?$/, error: 'must be an http or https URL' })
  .max(2048, 'at most 2,048 characters')
  .refine((value) => !/[\s]/.test(value), 'must not contain spaces');

const eventTypes = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { error: `must be one of ${WEBHOOK_EVENT_TYPES.join(', ')}` }))
  .min(1, 'choose at least one event')
  .max(WEBHOOK_EVENT_TYPES.length)
  .transform((types) => [...new Set(types)]);

export const createWebhookEndpointSchema = z.strictObject({
  url,
  description: z.string().trim().max(200, 'at most 200 characters').default(''),
  eventTypes,
});
export type CreateWebhookEndpoint = z.output<typeof createWebhookEndpointSchema>;

export const updateWebhookEndpointSchema = z
  .strictObject({
    url: url.optional(),
    description: z.string().trim().max(200, 'at most 200 characters').optional(),
    eventTypes: eventTypes.optional(),
    enabled: z.boolean().optional(),
  })
  .refine((value) => Object.keys(value).length > 0, 'change at least one field');
export type UpdateWebhookEndpoint = z.output<typeof updateWebhookEndpointSchema>;

export type WebhookMessageStatus = 'pending' | 'delivered' | 'failed';

/** One endpoint as the console lists it; its secret is never in it (shown once, when made). */
export interface WebhookEndpoint {
  id: string;
  url: string;
  description: string;
  eventTypes: WebhookEventType[];
  enabled: boolean;
  disabledAt: string | null;
  disabledReason: string | null;
  /** True while a rotated-out secret still signs beside the new one. */
  rotating: boolean;
  createdAt: string;
}

/** One message (an event for an endpoint) in the delivery log. */
export interface WebhookDelivery {
  id: string;
  eventType: string;
  status: WebhookMessageStatus;
  attempts: number;
  nextAttemptAt: string | null;
  lastAttemptAt: string | null;
  lastStatus: number | null;
  lastLatencyMs: number | null;
  lastResponse: string | null;
  createdAt: string;
  deliveredAt: string | null;
}
