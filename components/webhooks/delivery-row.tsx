'use client';

import { Button } from '@/components/ui/button';
import { formatDateTime, formatRelative } from '@/components/ui/dates';
import type { WebhookDelivery } from '@/lib/contract/console/webhooks';
import { DeliveryStatusBadge } from './delivery-status-badge';
import styles from './webhooks.module.css';

interface DeliveryRowProps {
  delivery: WebhookDelivery;
  replaying: boolean;
  onReplay: (messageId: string) => void;
}

/** One message of the delivery log, with Replay when it failed. */
export function DeliveryRow({ delivery, replaying, onReplay }: DeliveryRowProps) {
  const when = delivery.lastAttemptAt ?? delivery.createdAt;
  return (
    <tr>
      <td data-label="Event">
        <code>{delivery.eventType}</code>
      </td>
      <td data-label="Status">
        <DeliveryStatusBadge delivery={delivery} />
      </td>
      <td data-label="Attempts">{delivery.attempts}</td>
      <td data-label="Last status">{delivery.lastStatus ?? '—'}</td>
      <td data-label="Latency">{delivery.lastLatencyMs === null ? '—' : `${delivery.lastLatencyMs} ms`}</td>
      <td data-label="When">
        <time dateTime={when} title={formatDateTime(when)}>
          {formatRelative(when)}
        </time>
      </td>
      <td data-label="Next attempt">
        {delivery.nextAttemptAt ? (
          <time dateTime={delivery.nextAttemptAt}>{formatDateTime(delivery.nextAttemptAt)}</time>
        ) : (
          '—'
        )}
      </td>
      <td data-label="Response" className="cell-prose">
        {delivery.lastResponse ? (
          <details>
            <summary>Response</summary>
            <pre className={styles.response}>{delivery.lastResponse}</pre>
          </details>
        ) : (
          '—'
        )}
      </td>
      <td>
        {delivery.status === 'failed' ? (
          <Button
            size="sm"
            busy={replaying}
            aria-label={`Replay ${delivery.eventType} ${delivery.id}`}
            onClick={() => onReplay(delivery.id)}
          >
            Replay
          </Button>
        ) : null}
      </td>
    </tr>
  );
}
