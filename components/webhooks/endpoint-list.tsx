import type { WebhookEndpoint } from '@/lib/contract/console/webhooks';
import { EndpointItem } from './endpoint-item';
import type { ShownSecret } from './webhook-types';
import styles from './webhooks.module.css';

/** The workspace's endpoints, as cards in a list (they hold too much for table rows). */
export function EndpointList({
  endpoints,
  onRotated,
}: {
  endpoints: WebhookEndpoint[];
  onRotated: (shown: ShownSecret) => void;
}) {
  return (
    <ul className={styles.endpoints} aria-label="Webhook endpoints">
      {endpoints.map((endpoint) => (
        <EndpointItem key={endpoint.id} endpoint={endpoint} onRotated={onRotated} />
      ))}
    </ul>
  );
}
