import type { WebhookDelivery, WebhookEndpoint } from '@/lib/contract/console/webhooks';

export const WEBHOOKS_QUERY = ['console', 'webhooks'] as const;

/** The delivery log of one endpoint; invalidated after a test send or a replay. */
export const deliveriesQuery = (endpointId: string) => [...WEBHOOKS_QUERY, endpointId, 'deliveries'] as const;

export const endpointPath = (endpointId: string, action = '') =>
  `/api/console/webhooks/${encodeURIComponent(endpointId)}${action === '' ? '' : `/${action}`}`;

/** A signing secret shown once: when an endpoint is made, or when its secret is rotated. */
export interface ShownSecret {
  endpoint: Pick<WebhookEndpoint, 'id' | 'url'>;
  secret: string;
  /** Set after a rotation: until then the old secret signs beside the new one. */
  previousExpiresAt: string | null;
}

export interface CreatedEndpoint {
  endpoint: WebhookEndpoint;
  secret: string;
}

export interface RotatedSecret {
  secret: string;
  previousExpiresAt: string;
}

export interface TestSendResult {
  ok: boolean;
  status: number | null;
  latencyMs: number;
  response: string;
  messageId: string;
}

export interface DeliveryLogBody {
  deliveries: WebhookDelivery[];
}
