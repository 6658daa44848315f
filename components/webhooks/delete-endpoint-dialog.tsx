'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { consoleFetch } from '@/components/data/console-fetch';
import type { WebhookEndpoint } from '@/lib/contract/console/webhooks';
import { ConfirmEndpointDialog } from './confirm-endpoint-dialog';
import { deliveriesQuery, endpointPath, WEBHOOKS_QUERY } from './webhook-types';

interface DeleteEndpointDialogProps {
  endpoint: WebhookEndpoint;
  open: boolean;
  onClose: () => void;
}

/** Deleting removes the endpoint and its delivery log: confirm first, naming it. */
export function DeleteEndpointDialog({ endpoint, open, onClose }: DeleteEndpointDialogProps) {
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => consoleFetch<null>(endpointPath(endpoint.id), { method: 'DELETE' }),
    onSuccess: async () => {
      onClose();
      // Out of the list first, so its delivery log unmounts: refetching the log of an endpoint
      // that no longer exists would be a 404.
      queryClient.setQueryData<WebhookEndpoint[]>(WEBHOOKS_QUERY, (endpoints) =>
        endpoints?.filter((other) => other.id !== endpoint.id),
      );
      queryClient.removeQueries({ queryKey: deliveriesQuery(endpoint.id) });
      await queryClient.invalidateQueries({ queryKey: WEBHOOKS_QUERY, exact: true });
    },
  });

  return (
    <ConfirmEndpointDialog
      open={open}
      onClose={onClose}
      title={`Delete ${endpoint.url}?`}
      confirmLabel="Delete endpoint"
      variant="danger"
      busy={remove.isPending}
      error={remove.error}
      errorTitle="The endpoint was not deleted"
      onConfirm={() => remove.mutate()}
    >
      <p>
        No more events are sent to it, and its delivery log is removed. Messages not yet delivered are
        dropped. The deletion is recorded in the audit log.
      </p>
    </ConfirmEndpointDialog>
  );
}
