'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { consoleFetch } from '@/components/data/console-fetch';
import { Card } from '@/components/ui/card';
import { ProblemCallout } from '@/components/ui/problem-callout';
import { Skeleton } from '@/components/ui/skeleton';
import type { GraphSharingRequest } from '@/lib/contract/schemas/graph-sharing';

const SHARING_QUERY = ['console', 'graph-sharing'] as const;

interface SavedSharing extends GraphSharingRequest {
  changed: boolean;
}

/** Whether other workspaces see what this one contributes to the shared identity graph. */
export function GraphSharingForm() {
  const queryClient = useQueryClient();
  const current = useQuery({
    queryKey: SHARING_QUERY,
    queryFn: () => consoleFetch<GraphSharingRequest>('/api/console/graph-sharing'),
  });
  const save = useMutation({
    mutationFn: (body: GraphSharingRequest) =>
      consoleFetch<SavedSharing>('/api/console/graph-sharing', { method: 'PUT', body }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(SHARING_QUERY, { shareGraph: saved.shareGraph });
      await queryClient.invalidateQueries({ queryKey: SHARING_QUERY });
    },
  });
  const sharing = save.isPending ? save.variables?.shareGraph : current.data?.shareGraph;

  return (
    <Card
      title="Sharing the identity graph"
      labelledBy="graph-sharing-heading"
      description="Every workspace sees what it contributes to the identity graph (sightings from Verify, Signals and events, links between identifiers, breach, carrier and profile records) and what the workspaces that share contribute. While this workspace shares, the others see its contributions too, names, phones and addresses included (email cleartexts stay yours alone). Turned off, other workspaces no longer see them: within a second their answers ignore this workspace's data; this workspace keeps seeing what the others share."
    >
      {current.isPending ? (
        <Skeleton lines={1} label="Loading the sharing setting" />
      ) : current.isError ? (
        <ProblemCallout
          error={current.error}
          title="The sharing setting could not be loaded"
          onRetry={() => current.refetch()}
        />
      ) : (
        <div className="field">
          <label htmlFor="graph-sharing">
            <input
              id="graph-sharing"
              type="checkbox"
              role="switch"
              checked={sharing ?? true}
              aria-checked={sharing ?? true}
              disabled={save.isPending}
              aria-describedby="graph-sharing-hint"
              onChange={(event) => save.mutate({ shareGraph: event.target.checked })}
            />{' '}
            Share this workspace's contributions with the other workspaces
          </label>
          <span className="field-hint" id="graph-sharing-hint">
            On by default: one company's workspaces usually pool what they learn. Every change is recorded in
            the audit log.
          </span>
          {save.error ? (
            <ProblemCallout error={save.error} title="The sharing setting was not saved" />
          ) : null}
          <p role="status" className="muted">
            {save.data && !save.isPending
              ? save.data.shareGraph
                ? 'Saved: other workspaces see this workspace’s contributions.'
                : 'Saved: other workspaces no longer see this workspace’s contributions.'
              : null}
          </p>
        </div>
      )}
    </Card>
  );
}
