'use client';

import { Button } from '@/components/ui/button';
import { ProblemCallout } from '@/components/ui/problem-callout';
import type { WebhookEndpoint } from '@/lib/contract/console/webhooks';
import { useEndpointUpdate } from './use-endpoint-update';

/**
 * Disabled endpoints, at the top of the page: one Verity turned off after deliveries kept failing
 * receives nothing until an admin notices, so say so first, with why and the way back.
 */
export function DisabledEndpointsCallout({ endpoints }: { endpoints: WebhookEndpoint[] }) {
  const disabled = endpoints.filter((endpoint) => !endpoint.enabled);
  if (disabled.length === 0) return null;
  return (
    <section className="callout callout-warning" aria-labelledby="webhooks-disabled-title">
      <h2 className="callout-title" id="webhooks-disabled-title">
        {disabled.length === 1 ? 'An endpoint is disabled' : `${disabled.length} endpoints are disabled`}
      </h2>
      <p>They receive no events. Turn one back on, then replay its failed messages from its delivery log.</p>
      <ul className="stack">
        {disabled.map((endpoint) => (
          <DisabledEndpoint key={endpoint.id} endpoint={endpoint} />
        ))}
      </ul>
    </section>
  );
}

function DisabledEndpoint({ endpoint }: { endpoint: WebhookEndpoint }) {
  const enable = useEndpointUpdate(endpoint.id);
  return (
    <li>
      <div className="inline">
        <code>{endpoint.url}</code>
        <Button
          size="sm"
          busy={enable.isPending}
          aria-label={`Turn back on ${endpoint.url}`}
          onClick={() => enable.mutate({ enabled: true })}
        >
          Turn back on
        </Button>
      </div>
      <p>{endpoint.disabledReason ?? 'Disabled by an admin.'}</p>
      {enable.error ? <ProblemCallout error={enable.error} title="The endpoint was not turned on" /> : null}
    </li>
  );
}
