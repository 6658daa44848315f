'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { ProblemCallout } from '@/components/ui/problem-callout';
import {
  type CreateWebhookEndpoint,
  createWebhookEndpointSchema,
  type WebhookEndpoint,
} from '@/lib/contract/console/webhooks';
import { ENDPOINT_FIELDS, EndpointFields, type EndpointFormInput } from './endpoint-fields';
import { applyServerFieldErrors, shownInFields } from './server-field-errors';
import { useEndpointUpdate } from './use-endpoint-update';

interface EditEndpointDialogProps {
  endpoint: WebhookEndpoint;
  open: boolean;
  onClose: () => void;
}

/** Changes an endpoint's URL, description and events; its secret stays as it is. */
export function EditEndpointDialog({ endpoint, open, onClose }: EditEndpointDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} title={`Edit ${endpoint.url}`}>
      {/* Mounted only while open, so each opening starts from the endpoint as it is now. */}
      <EditEndpointForm endpoint={endpoint} onClose={onClose} />
    </Dialog>
  );
}

function EditEndpointForm({ endpoint, onClose }: { endpoint: WebhookEndpoint; onClose: () => void }) {
  // The add form's schema: an edited endpoint needs everything a new one does.
  const form = useForm<EndpointFormInput, unknown, CreateWebhookEndpoint>({
    resolver: zodResolver(createWebhookEndpointSchema),
    defaultValues: { url: endpoint.url, description: endpoint.description, eventTypes: endpoint.eventTypes },
  });
  const update = useEndpointUpdate(endpoint.id, onClose);

  return (
    <form
      onSubmit={form.handleSubmit((values) =>
        update.mutate(values, {
          onError: (error) => applyServerFieldErrors(error, ENDPOINT_FIELDS, form.setError),
        }),
      )}
      noValidate
    >
      <EndpointFields form={form} idPrefix={`webhook-edit-${endpoint.id}`} />
      {update.error && !shownInFields(update.error, ENDPOINT_FIELDS) ? (
        <ProblemCallout error={update.error} title="The endpoint was not saved" />
      ) : null}
      <div className="dialog-actions">
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" variant="primary" busy={update.isPending}>
          Save endpoint
        </Button>
      </div>
    </form>
  );
}
