'use client';

import { useQuery } from '@tanstack/react-query';
import { consoleFetch } from '@/components/data/console-fetch';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ProblemCallout } from '@/components/ui/problem-callout';
import { Skeleton } from '@/components/ui/skeleton';
import type { WebhookEndpoint } from '@/lib/contract/console/webhooks';
import { DeliveryRow } from './delivery-row';
import { useReplay } from './use-replay';
import { type DeliveryLogBody, deliveriesQuery, endpointPath } from './webhook-types';

/** While a message is pending the dispatcher is at work: look again this often. */
const PENDING_REFRESH_MS = 2000;

/** The endpoint's latest messages, newest first, with Replay for the failed ones. */
export function DeliveryLog({ endpoint }: { endpoint: WebhookEndpoint }) {
  const log = useQuery({
    queryKey: deliveriesQuery(endpoint.id),
    queryFn: () =>
      consoleFetch<DeliveryLogBody>(endpointPath(endpoint.id, 'deliveries')).then((body) => body.deliveries),
    refetchInterval: (query) =>
      query.state.data?.some((delivery) => delivery.status === 'pending') ? PENDING_REFRESH_MS : false,
  });
  const replay = useReplay(endpoint.id);

  if (log.isPending) return <Skeleton lines={3} label="Loading deliveries" />;
  if (log.isError) {
    return (
      <ProblemCallout
        error={log.error}
        title="The delivery log could not be loaded"
        onRetry={() => log.refetch()}
      />
    );
  }
  if (log.data.length === 0) {
    return (
      <EmptyState title="No deliveries yet">
        Events this endpoint takes appear here as they are sent. Send a test event to try it now.
      </EmptyState>
    );
  }
  const failed = log.data.filter((delivery) => delivery.status === 'failed').length;
  return (
    <div className="stack">
      <div className="inline">
        <Button size="sm" onClick={() => log.refetch()} busy={log.isFetching}>
          Refresh
        </Button>
        {failed > 0 ? (
          <Button
            size="sm"
            busy={replay.isPending && replay.variables === undefined}
            onClick={() => replay.mutate(undefined)}
          >
            Replay all failed ({failed})
          </Button>
        ) : null}
      </div>
      {replay.error ? <ProblemCallout error={replay.error} title="The replay did not start" /> : null}
      <div className="table-wrap">
        <table className="table table-cards">
          <caption className="visually-hidden">Deliveries to {endpoint.url}, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Event</th>
              <th scope="col">Status</th>
              <th scope="col">Attempts</th>
              <th scope="col">Last status</th>
              <th scope="col">Latency</th>
              <th scope="col">When</th>
              <th scope="col">Next attempt</th>
              <th scope="col">Response</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {log.data.map((delivery) => (
              <DeliveryRow
                key={delivery.id}
                delivery={delivery}
                replaying={replay.isPending && replay.variables === delivery.id}
                onReplay={(messageId) => replay.mutate(messageId)}
              />
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
