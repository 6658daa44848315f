'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { consoleFetch } from '@/components/data/console-fetch';
import { deliveriesQuery, endpointPath } from './webhook-types';

/** Sends failed messages again: one by id, or every failed one of the endpoint when undefined. */
export function useReplay(endpointId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (messageId: string | undefined) =>
      consoleFetch<{ replayed: number }>(endpointPath(endpointId, 'replay'), {
        body: messageId === undefined ? {} : { messageId },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: deliveriesQuery(endpointId) }),
  });
}
