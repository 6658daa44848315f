'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { consoleFetch } from '@/components/data/console-fetch';
import { Button } from '@/components/ui/button';
import { ProblemCallout } from '@/components/ui/problem-callout';
import type { WebhookEndpoint } from '@/lib/contract/console/webhooks';
import { deliveriesQuery, endpointPath, type TestSendResult } from './webhook-types';
import styles from './webhooks.module.css';

/** Sends a signed webhook.test now and says what the receiver answered. */
export function TestEventButton({ endpoint }: { endpoint: WebhookEndpoint }) {
  const queryClient = useQueryClient();
  const test = useMutation({
    mutationFn: () => consoleFetch<TestSendResult>(endpointPath(endpoint.id, 'test'), { method: 'POST' }),
    // The test send is kept in the delivery log, failed ones replayable like any other.
    onSettled: () => queryClient.invalidateQueries({ queryKey: deliveriesQuery(endpoint.id) }),
  });

  return (
    <div className="stack">
      <div>
        <Button size="sm" busy={test.isPending} onClick={() => test.mutate()}>
          Send test event
        </Button>
      </div>
      {test.error ? <ProblemCallout error={test.error} title="The test event was not sent" /> : null}
      {test.data ? <TestSendOutcome result={test.data} /> : null}
    </div>
  );
}

function TestSendOutcome({ result }: { result: TestSendResult }) {
  return (
    <div className={result.ok ? 'callout callout-success' : 'callout callout-warning'} role="status">
      <p className="callout-title">
        {result.ok
          ? `Test event delivered: ${result.status ?? ''} in ${result.latencyMs} ms`
          : `Test event failed: ${result.status === null ? 'no answer' : result.status} after ${result.latencyMs} ms`}
      </p>
      {result.response ? <pre className={styles.response}>{result.response.slice(0, 500)}</pre> : null}
    </div>
  );
}
