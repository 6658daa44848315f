'use client';

import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ProblemCallout } from '@/components/ui/problem-callout';
import type { WebhookEndpoint } from '@/lib/contract/console/webhooks';
import { DeleteEndpointDialog } from './delete-endpoint-dialog';
import { DeliveryLog } from './delivery-log';
import { EditEndpointDialog } from './edit-endpoint-dialog';
import { EndpointStatus } from './endpoint-status';
import { RotateSecretDialog } from './rotate-secret-dialog';
import { TestEventButton } from './test-event-button';
import { useEndpointUpdate } from './use-endpoint-update';
import type { ShownSecret } from './webhook-types';
import styles from './webhooks.module.css';

type OpenDialog = 'edit' | 'rotate' | 'delete' | null;

interface EndpointItemProps {
  endpoint: WebhookEndpoint;
  onRotated: (shown: ShownSecret) => void;
}

/** One endpoint: what it takes, its state, its actions and (on demand) its delivery log. */
export function EndpointItem({ endpoint, onRotated }: EndpointItemProps) {
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [logOpen, setLogOpen] = useState(false);
  const toggle = useEndpointUpdate(endpoint.id);
  const close = () => setDialog(null);
  const logId = `webhook-log-${endpoint.id}`;

  return (
    <li className={styles.endpoint}>
      <div className="inline">
        <span className={styles.url}>{endpoint.url}</span>
        <EndpointStatus endpoint={endpoint} />
      </div>
      {endpoint.description ? <p className="muted">{endpoint.description}</p> : null}
      <ul className={styles.events} aria-label="Events">
        {endpoint.eventTypes.map((type) => (
          <li key={type}>
            <Badge>{type}</Badge>
          </li>
        ))}
      </ul>
      <div className="inline">
        <Button
          size="sm"
          busy={toggle.isPending}
          onClick={() => toggle.mutate({ enabled: !endpoint.enabled })}
        >
          {endpoint.enabled ? 'Disable' : 'Turn back on'}
        </Button>
        <Button size="sm" onClick={() => setDialog('edit')}>
          Edit
        </Button>
        <Button size="sm" onClick={() => setDialog('rotate')}>
          Rotate secret
        </Button>
        <Button size="sm" variant="danger" onClick={() => setDialog('delete')}>
          Delete
        </Button>
        <Button size="sm" aria-expanded={logOpen} aria-controls={logId} onClick={() => setLogOpen(!logOpen)}>
          {logOpen ? 'Hide delivery log' : 'Delivery log'}
        </Button>
      </div>
      {toggle.error ? <ProblemCallout error={toggle.error} title="The endpoint was not changed" /> : null}
      <TestEventButton endpoint={endpoint} />
      {logOpen ? (
        <section id={logId} aria-label={`Delivery log of ${endpoint.url}`}>
          <DeliveryLog endpoint={endpoint} />
        </section>
      ) : null}
      <EditEndpointDialog endpoint={endpoint} open={dialog === 'edit'} onClose={close} />
      <RotateSecretDialog
        endpoint={endpoint}
        open={dialog === 'rotate'}
        onClose={close}
        onRotated={onRotated}
      />
      <DeleteEndpointDialog endpoint={endpoint} open={dialog === 'delete'} onClose={close} />
    </li>
  );
}
