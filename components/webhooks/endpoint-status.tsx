import { Badge } from '@/components/ui/badge';
import type { WebhookEndpoint } from '@/lib/contract/console/webhooks';

/** Enabled or Disabled (with why), and Rotating while an old secret still signs. */
export function EndpointStatus({ endpoint }: { endpoint: WebhookEndpoint }) {
  return (
    <span className="inline">
      {endpoint.enabled ? <Badge tone="success">Enabled</Badge> : <Badge tone="danger">Disabled</Badge>}
      {endpoint.rotating ? <Badge tone="info">Rotating: the previous secret still signs</Badge> : null}
      {!endpoint.enabled && endpoint.disabledReason ? (
        <span className="muted">{endpoint.disabledReason}</span>
      ) : null}
    </span>
  );
}
