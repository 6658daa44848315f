import { Badge } from '@/components/ui/badge';
import type { WebhookDelivery } from '@/lib/contract/console/webhooks';

/** A message's state: a pending one that was tried already is retrying, not merely queued. */
export function DeliveryStatusBadge({ delivery }: { delivery: WebhookDelivery }) {
  if (delivery.status === 'delivered') return <Badge tone="success">Delivered</Badge>;
  if (delivery.status === 'failed') return <Badge tone="danger">Failed</Badge>;
  return <Badge tone="info">{delivery.attempts > 0 ? 'Retrying' : 'Pending'}</Badge>;
}
