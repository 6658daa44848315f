'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { consoleRequest } from '@/components/data/console-fetch';
import { Button } from '@/components/ui/button';
import { ProblemCallout } from '@/components/ui/problem-callout';
import { type CreateWebhookEndpoint, createWebhookEndpointSchema } from '@/lib/contract/console/webhooks';
import { ENDPOINT_FIELDS, EndpointFields, type EndpointFormInput } from './endpoint-fields';
import { applyServerFieldErrors, shownInFields } from './server-field-errors';
import { type CreatedEndpoint, type ShownSecret, WEBHOOKS_QUERY } from './webhook-types';

const EMPTY: EndpointFormInput = { url: '', description: '', eventTypes: [] };

/** Adds an endpoint; its signing secret goes to onCreated, to be shown this once. */
export function AddEndpointForm({ onCreated }: { onCreated: (shown: ShownSecret) => void }) {
  const queryClient = useQueryClient();
  const form = useForm<EndpointFormInput, unknown, CreateWebhookEndpoint>({
    resolver: zodResolver(createWebhookEndpointSchema),
    defaultValues: EMPTY,
  });
  const create = useMutation({
    mutationFn: (body: CreateWebhookEndpoint) =>
      consoleRequest<CreatedEndpoint>('/api/console/webhooks', { body }).then((answer) => answer.body),
    onSuccess: async ({ endpoint, secret }) => {
      onCreated({ endpoint, secret, previousExpiresAt: null });
      form.reset(EMPTY);
      await queryClient.invalidateQueries({ queryKey: WEBHOOKS_QUERY, exact: true });
    },
    onError: (error) => applyServerFieldErrors(error, ENDPOINT_FIELDS, form.setError),
  });

  return (
    <form onSubmit={form.handleSubmit((values) => create.mutate(values))} noValidate>
      <EndpointFields form={form} idPrefix="webhook-new" />
      {/* Field errors sit by their fields; the callout carries the rest (the limit, a network failure). */}
      {create.error && !shownInFields(create.error, ENDPOINT_FIELDS) ? (
        <ProblemCallout error={create.error} title="The endpoint was not added" />
      ) : null}
      <Button type="submit" variant="primary" busy={create.isPending}>
        Add endpoint
      </Button>
    </form>
  );
}
