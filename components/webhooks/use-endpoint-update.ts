'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { consoleFetch } from '@/components/data/console-fetch';
import type { UpdateWebhookEndpoint, WebhookEndpoint } from '@/lib/contract/console/webhooks';
import { endpointPath, WEBHOOKS_QUERY } from './webhook-types';

/** PATCH one endpoint (edit, or turn on and off), then reload the list. */
export function useEndpointUpdate(endpointId: string, onDone?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateWebhookEndpoint) =>
      consoleFetch<{ endpoint: WebhookEndpoint }>(endpointPath(endpointId), { method: 'PATCH', body }),
    onSuccess: async () => {
      onDone?.();
      await queryClient.invalidateQueries({ queryKey: WEBHOOKS_QUERY, exact: true });
    },
  });
}
