'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { consoleFetch } from '@/components/data/console-fetch';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Dialog } from '@/components/ui/dialog';
import { ProblemCallout } from '@/components/ui/problem-callout';
import { Skeleton } from '@/components/ui/skeleton';
import type { GraphSharingRequest, GraphSharingState } from '@/lib/contract/schemas/graph-sharing';
import { SharedContributions } from './shared-contributions';

const SHARING_QUERY = ['console', 'graph-sharing'] as const;

interface SavedSharing extends GraphSharingRequest {
  changed: boolean;
}

/**
 * Whether other workspaces see what this one contributes to the shared identity graph. Off for a
 * new workspace (issue 32); turning it on lists what the others would see and asks to confirm,
 * turning it off takes effect at once (it only ever shares less).
 */
export function GraphSharingForm() {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const current = useQuery({
    queryKey: SHARING_QUERY,
    queryFn: () => consoleFetch<GraphSharingState>('/api/console/graph-sharing'),
  });
  const save = useMutation({
    mutationFn: (body: GraphSharingRequest) =>
      consoleFetch<SavedSharing>('/api/console/graph-sharing', { method: 'PUT', body }),
    onSuccess: async () => {
      setConfirming(false);
      await queryClient.invalidateQueries({ queryKey: SHARING_QUERY });
    },
  });
  const sharing = save.isPending ? save.variables?.shareGraph : current.data?.shareGraph;

  return (
    <Card
      title="Sharing the identity graph"
      labelledBy="graph-sharing-heading"
      description="Every workspace sees what it contributes to the identity graph and what the workspaces that share contribute. Turned off, other workspaces do not see this workspace's contributions (within a second of the change); this workspace keeps seeing what the others share."
    >
      {current.isPending ? (
        <Skeleton lines={3} label="Loading the sharing setting" />
      ) : current.isError ? (
        <ProblemCallout
          error={current.error}
          title="The sharing setting could not be loaded"
          onRetry={() => current.refetch()}
        />
      ) : (
        <>
          <p className="sharing-state" data-sharing={current.data.shareGraph ? 'on' : 'off'}>
            <strong>{current.data.shareGraph ? 'Shared now.' : 'Not shared.'}</strong>{' '}
            {current.data.shareGraph
              ? 'Other workspaces see the contributions below.'
              : 'Other workspaces see none of the contributions below.'}
          </p>
          <SharedContributions contributions={current.data.contributions} />
          <div className="field">
            <label htmlFor="graph-sharing">
              <input
                id="graph-sharing"
                type="checkbox"
                role="switch"
                checked={sharing ?? false}
                aria-checked={sharing ?? false}
                disabled={save.isPending}
                aria-describedby="graph-sharing-hint"
                onChange={(event) => {
                  if (event.target.checked) setConfirming(true);
                  else save.mutate({ shareGraph: false });
                }}
              />{' '}
              Share this workspace's contributions with the other workspaces
            </label>
            <span className="field-hint" id="graph-sharing-hint">
              Off by default. Turning it on asks to confirm; every change is recorded in the audit log.
            </span>
            {save.error && !confirming ? (
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
          <Dialog
            open={confirming}
            onClose={() => setConfirming(false)}
            title="Share this workspace's contributions?"
          >
            <p>
              Every other workspace on this server will see, in its Verify and Signals answers and its
              console:
            </p>
            <SharedContributions contributions={current.data.contributions} />
            <p className="muted">
              What this workspace contributes later is shared too, until sharing is turned off. Email
              addresses as typed stay this workspace's alone; others see that an email is known, not its text.
            </p>
            {save.error ? <ProblemCallout error={save.error} title="Sharing was not turned on" /> : null}
            <div className="dialog-actions">
              <Button onClick={() => setConfirming(false)}>Cancel</Button>
              <Button
                variant="primary"
                busy={save.isPending}
                onClick={() => save.mutate({ shareGraph: true })}
              >
                Share with other workspaces
              </Button>
            </div>
          </Dialog>
        </>
      )}
    </Card>
  );
}
