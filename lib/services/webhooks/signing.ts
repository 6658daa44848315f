// Standard Webhooks signing (https://www.standardwebhooks.com), by the specification's own
// library: `webhook-signature` is `v1,<base64 HMAC-SHA256 of "id.timestamp.body">`, one per secret
// in force, so during a rotation a receiver holding either secret verifies the delivery.
import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

/** A new signing secret in the specification's form: `whsec_` and 24 random bytes in base64. */
export const newWebhookSecret = (): string => `whsec_${randomBytes(24).toString('base64')}`;

export interface SignedHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

export function signedHeaders(
  messageId: string,
  at: Date,
  body: string,
  secrets: readonly string[],
): SignedHeaders {
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': secrets.map((secret) => new Webhook(secret).sign(messageId, at, body)).join(' '),
  };
}
