// The bodies of the webhook events (docs/api/webhooks.md): one schema per event, the source of
// the event builders' types (lib/engine/webhooks/events.ts), the OpenAPI document's `webhooks`
// and the typed client. The Standard Webhooks shape `{ type, timestamp, data }`; they name
// sessions, decisions, keys and list entries, never a person.
import { z } from 'zod';
import { DECISIONS } from '@/lib/contract/console/decisions';
import { verifyOutcomeSchema } from './verify';

const timestamp = z.string().describe('When the event happened, ISO 8601 in UTC.');
const sessionId = z.string().describe('The session, as Verify answered it (GET /api/sessions/{sessionId}).');

function envelope<const T extends string, D extends z.ZodType>(type: T, data: D, description: string) {
  return z
    .object({ type: z.literal(type), timestamp, data })
    .describe(`${description} Signed with the webhook-id, webhook-timestamp and webhook-signature headers.`);
}

export const sessionCreatedDataSchema = z.object({
  sessionId,
  risk: z.number().min(0).max(1).describe('The overall risk of the first call, 0 to 1.'),
  band: z.enum(['low', 'medium', 'high']).describe('The risk band: low up to 0.5, high above 0.75.'),
  outcome: verifyOutcomeSchema.optional().describe("The rules' outcome, when the workspace has rules."),
});

export const decisionRecordedDataSchema = z.object({
  sessionId,
  decisionId: z.string().describe('The decision, one of the session history.'),
  decision: z.enum(DECISIONS).describe("The analyst's decision now in force."),
  reason: z.string().describe("The decision's reason code, from the workspace's list of reasons."),
  decidedAt: timestamp,
});

export const keyEventDataSchema = z.object({
  keyId: z.string().describe("The key's id (key_...)."),
  start: z.string().describe("The key's first characters, as the console shows them."),
  name: z.string().nullable().describe("The key's label."),
});

export const monitoringHitDataSchema = z.object({
  sessionId,
  hitId: z.string().describe('The monitoring hit, as the session page lists it.'),
  list: z.string().describe('The sanctions list, e.g. OFAC SDN or UN consolidated.'),
  entry: z
    .object({
      id: z.string().describe('The entry id the list publishes.'),
      source: z.string().describe('The list source it was imported from.'),
      version: z.string().describe('The list version whose new entries were screened.'),
    })
    .describe('The listed entry that matched; its name is not sent.'),
  score: z.number().min(0).max(1).describe("The name match's score."),
  locationAgrees: z.boolean().describe('Whether the birth year and country agree with the entry.'),
});

export const webhookTestDataSchema = z.object({
  endpointId: z.string().describe('The endpoint the test was sent to.'),
  message: z.string(),
});

export const WEBHOOK_EVENT_SCHEMAS = {
  'session.created': envelope(
    'session.created',
    sessionCreatedDataSchema,
    'A keyed Verify created a session (a join sends nothing).',
  ),
  'decision.recorded': envelope(
    'decision.recorded',
    decisionRecordedDataSchema,
    'An analyst recorded a decision on a session.',
  ),
  'monitoring.hit': envelope(
    'monitoring.hit',
    monitoringHitDataSchema,
    "A sanctions list update matched a session of the workspace's monitoring window; the session is back in the review queue.",
  ),
  'key.created': envelope('key.created', keyEventDataSchema, 'An API key was created (admins).'),
  'key.rotated': envelope(
    'key.rotated',
    keyEventDataSchema,
    'An API key was rotated; the old one has a grace period.',
  ),
  'key.revoked': envelope('key.revoked', keyEventDataSchema, 'An API key was revoked.'),
  'webhook.test': envelope(
    'webhook.test',
    webhookTestDataSchema,
    "The console's test send, which every endpoint takes.",
  ),
} as const;

export type WebhookEventName = keyof typeof WEBHOOK_EVENT_SCHEMAS;
export type WebhookEventBody<T extends WebhookEventName> = z.infer<(typeof WEBHOOK_EVENT_SCHEMAS)[T]>;
