'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { consoleFetch } from '@/components/data/console-fetch';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorCallout } from '@/components/ui/error-callout';
import { Skeleton } from '@/components/ui/skeleton';
import type { HeldOutMetrics, WeightSuggestion } from '@/lib/contract/console/risk-policy';
import { POLICY_QUERY, type PolicyAnswer } from './policy-types';

export const SUGGESTION_QUERY = ['risk-policy', 'suggestion'] as const;

const percent = (share: number | null): string => (share === null ? '–' : `${(share * 100).toFixed(1)} %`);
const decimal = (value: number | null): string => (value === null ? '–' : value.toFixed(3));
const signed = (weight: number): string => (weight > 0 ? `+${weight}` : String(weight));

const METRIC_ROWS: { label: string; value: (m: HeldOutMetrics) => string }[] = [
  { label: 'AUC (declines ranked above approvals)', value: (m) => decimal(m.auc) },
  { label: 'Declines caught above the low band (risk > 0.50)', value: (m) => percent(m.aboveLow.declines) },
  {
    label: 'Approvals flagged above the low band (risk > 0.50)',
    value: (m) => percent(m.aboveLow.approvals),
  },
  { label: 'Declines in the high band (risk > 0.75)', value: (m) => percent(m.high.declines) },
  { label: 'Approvals in the high band (risk > 0.75)', value: (m) => percent(m.high.approvals) },
];

/**
 * Weights learned from the workspace's own approve/decline decisions, with their backtest on
 * sessions the fit did not see. Nothing changes until an admin adopts them as the next version.
 */
export function WeightSuggestionCard({
  policy,
  onSaved,
}: {
  policy: PolicyAnswer;
  onSaved: (version: number) => void;
}) {
  const queryClient = useQueryClient();
  const suggestion = useQuery({
    queryKey: SUGGESTION_QUERY,
    queryFn: () => consoleFetch<WeightSuggestion>('/api/console/risk-policy/suggestion'),
  });
  const adopt = useMutation({
    mutationFn: (weights: PolicyAnswer['weights']) =>
      consoleFetch<{ version: number; changed: boolean }>('/api/console/risk-policy', {
        method: 'PUT',
        body: { overrides: policy.overrides, weights, expectedVersion: policy.version },
      }),
    onSuccess: async (saved) => {
      onSaved(saved.version);
      // The policy query's key is a prefix of the suggestion's: both are fetched again.
      await queryClient.invalidateQueries({ queryKey: POLICY_QUERY });
    },
  });

  const card = (children: ReactNode) => (
    <Card
      title="Learn from decisions"
      labelledBy="learned-heading"
      description="Weights of evidence fitted to this workspace's approve and decline decisions, pulled toward the weights in force, and tested on decided sessions the fit did not see. Nothing changes until you adopt them."
    >
      {children}
    </Card>
  );

  if (suggestion.isPending) return card(<Skeleton lines={4} label="Fitting weights to the decisions" />);
  if (suggestion.isError) {
    return card(
      <ErrorCallout
        title="The suggestion could not be computed"
        action={
          <Button size="sm" onClick={() => suggestion.refetch()}>
            Try again
          </Button>
        }
      >
        {suggestion.error.message}
      </ErrorCallout>,
    );
  }
  const data = suggestion.data;
  if (data.kind === 'not-enough') {
    return card(
      <EmptyState title="Not enough decisions yet">
        A suggestion needs at least {data.minimum.sessions} approved or declined sessions, with at least{' '}
        {data.minimum.perClass} of each. This workspace has {data.labelled.sessions} (
        {data.labelled.approvals} approved, {data.labelled.declines} declined).
      </EmptyState>,
    );
  }
  const stale = data.currentVersion !== policy.version;
  return card(
    <div className="stack">
      <p>
        Fitted on {data.training.sessions} of {data.labelled.sessions} decided sessions; tested on the other{' '}
        {data.heldOut.sessions} ({data.heldOut.declines} declined, {data.heldOut.approvals} approved).
      </p>
      <div className="table-wrap">
        <table className="table">
          <caption>Held-out backtest: version {data.currentVersion} against the suggestion</caption>
          <thead>
            <tr>
              <th scope="col">Measure</th>
              <th scope="col">Version {data.currentVersion}</th>
              <th scope="col">Suggestion</th>
            </tr>
          </thead>
          <tbody>
            {METRIC_ROWS.map((row) => (
              <tr key={row.label}>
                <th scope="row">{row.label}</th>
                <td>{row.value(data.before)}</td>
                <td>{row.value(data.after)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {data.changes.length === 0 ? (
        <p>The decisions agree with the weights in force: no weight would move.</p>
      ) : (
        <div className="table-wrap">
          <table className="table">
            <caption>Suggested weights of evidence (log-odds)</caption>
            <thead>
              <tr>
                <th scope="col">Check</th>
                <th scope="col">State</th>
                <th scope="col">In force</th>
                <th scope="col">Suggested</th>
                <th scope="col">Training sessions</th>
              </tr>
            </thead>
            <tbody>
              {data.changes.map((change) => (
                <tr key={`${change.checkId}.${change.state}`}>
                  <th scope="row">{change.checkId}</th>
                  <td>{change.state}</td>
                  <td>{signed(change.current)}</td>
                  <td>{signed(change.suggested)}</td>
                  <td>{change.sessions}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {adopt.error ? (
        <ErrorCallout title="The suggestion was not adopted">{adopt.error.message}</ErrorCallout>
      ) : null}
      {stale ? (
        <p className="field-hint">
          The policy changed since this suggestion was fitted; reload it before adopting.
        </p>
      ) : null}
      <div className="inline">
        <Button
          variant="primary"
          busy={adopt.isPending}
          disabled={data.changes.length === 0 || stale}
          onClick={() => adopt.mutate(data.weights)}
        >
          Adopt as version {policy.version + 1}
        </Button>
        <Button variant="ghost" onClick={() => suggestion.refetch()}>
          Fit again
        </Button>
      </div>
    </div>,
  );
}
