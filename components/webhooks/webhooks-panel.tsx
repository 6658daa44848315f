'use client';

import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { consoleFetch } from '@/components/data/console-fetch';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ProblemCallout } from '@/components/ui/problem-callout';
import { Skeleton } from '@/components/ui/skeleton';
import { MAX_WEBHOOK_ENDPOINTS, type WebhookEndpoint } from '@/lib/contract/console/webhooks';
import { AddEndpointForm } from './add-endpoint-form';
import { DisabledEndpointsCallout } from './disabled-endpoints-callout';
import { EndpointList } from './endpoint-list';
import { EndpointSecretCallout } from './endpoint-secret-callout';
import { type ShownSecret, WEBHOOKS_QUERY } from './webhook-types';

/** Add, test, rotate, turn on and off and remove the workspace's webhook endpoints. */
export function WebhooksPanel() {
  // Each secret keeps its own panel until dismissed: it exists nowhere else.
  const [secrets, setSecrets] = useState<ShownSecret[]>([]);
  const onSecret = (shown: ShownSecret) => setSecrets((all) => [shown, ...all]);
  const endpoints = useQuery({
    queryKey: WEBHOOKS_QUERY,
    queryFn: () =>
      consoleFetch<{ endpoints: WebhookEndpoint[] }>('/api/console/webhooks').then((body) => body.endpoints),
  });

  return (
    <>
      {endpoints.data ? <DisabledEndpointsCallout endpoints={endpoints.data} /> : null}
      {secrets.map((shown) => (
        <EndpointSecretCallout
          key={shown.secret}
          shown={shown}
          onDone={() => setSecrets((all) => all.filter((other) => other.secret !== shown.secret))}
        />
      ))}
      <Card
        title="Endpoints"
        labelledBy="webhooks-heading"
        description={`Verity POSTs signed events to these URLs (at most ${MAX_WEBHOOK_ENDPOINTS}).`}
      >
        {endpoints.isPending ? (
          <Skeleton lines={4} label="Loading endpoints" />
        ) : endpoints.isError ? (
          <ProblemCallout
            error={endpoints.error}
            title="The endpoints could not be loaded"
            onRetry={() => endpoints.refetch()}
          />
        ) : endpoints.data.length === 0 ? (
          <EmptyState title="No endpoints yet">
            Webhooks push events to your backend as they happen (a Verify created a session, an analyst
            recorded a decision, an API key changed), signed per Standard Webhooks, retried for about a day
            and replayable, so it need not poll. Add one below; docs/api/webhooks.md describes the events and
            how to verify signatures.
          </EmptyState>
        ) : (
          <EndpointList endpoints={endpoints.data} onRotated={onSecret} />
        )}
      </Card>
      <Card title="Add an endpoint" labelledBy="add-webhook-heading">
        <AddEndpointForm onCreated={onSecret} />
      </Card>
    </>
  );
}
