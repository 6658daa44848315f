'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { consoleFetch } from '@/components/data/console-fetch';
import { ScrollRegion } from '@/components/results/scroll-region';
import { RelativeTime } from '@/components/sessions/relative-time';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ProblemCallout } from '@/components/ui/problem-callout';
import { Skeleton } from '@/components/ui/skeleton';
import {
  type MonitoringRunView,
  type MonitoringSettingsRequest,
  type MonitoringState,
  monitoringSettingsRequestSchema,
  type SavedMonitoringSettings,
} from '@/lib/contract/console/monitoring';

const MONITORING_QUERY = ['console', 'monitoring'] as const;
/** While a run is open its progress is read again this often. */
const PROGRESS_POLL_MS = 3_000;

const windowText = (days: number) => (days === 0 ? 'off' : `${days.toLocaleString('en')} days`);

function RunStatus({ run }: { run: MonitoringRunView }) {
  if (run.status === 'done') return <>Done</>;
  const label = `${run.done.toLocaleString('en')} of ${run.total.toLocaleString('en')} sessions`;
  return (
    <>
      {run.status === 'pending' ? 'Waiting' : 'Screening'}{' '}
      <progress max={Math.max(run.total, 1)} value={run.done} aria-label={`Progress: ${label}`} /> {label}
    </>
  );
}

function MonitoringRuns({ runs }: { runs: MonitoringRunView[] }) {
  if (runs.length === 0) {
    return (
      <EmptyState title="No monitoring runs yet">
        A run starts when `npm run lists` imports a new version of a sanctions list already loaded that adds
        or changes entries.
      </EmptyState>
    );
  }
  return (
    <ScrollRegion label="Monitoring runs">
      <table className="table table-cards">
        <caption className="visually-hidden">Sanctions monitoring runs, newest first</caption>
        <thead>
          <tr>
            <th scope="col">List version</th>
            <th scope="col">New entries</th>
            <th scope="col">Progress</th>
            <th scope="col">Hits</th>
            <th scope="col">Imported</th>
          </tr>
        </thead>
        <tbody>
          {runs.map((run) => (
            <tr key={run.id}>
              <td data-label="List version">
                {run.list} <code>{run.source}</code>{' '}
                <code title={run.version}>{run.version.slice(0, 8)}</code>
              </td>
              <td data-label="New entries">{run.entries.toLocaleString('en')}</td>
              <td data-label="Progress">
                <RunStatus run={run} />
              </td>
              <td data-label="Hits">{run.hits.toLocaleString('en')}</td>
              <td data-label="Imported">
                <RelativeTime iso={run.until} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

/** Continuous sanctions monitoring: the window in days (0: off) and the latest runs' progress. */
export function MonitoringForm() {
  const queryClient = useQueryClient();
  const current = useQuery({
    queryKey: MONITORING_QUERY,
    queryFn: () => consoleFetch<MonitoringState>('/api/console/monitoring'),
    refetchInterval: (query) =>
      query.state.data?.runs.some((run) => run.status !== 'done') ? PROGRESS_POLL_MS : false,
  });
  const form = useForm<MonitoringSettingsRequest>({ resolver: zodResolver(monitoringSettingsRequestSchema) });
  const { reset } = form;
  useEffect(() => {
    if (current.data) reset({ windowDays: current.data.windowDays });
  }, [current.data, reset]);
  const save = useMutation({
    mutationFn: (body: MonitoringSettingsRequest) =>
      consoleFetch<SavedMonitoringSettings>('/api/console/monitoring', { method: 'PUT', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MONITORING_QUERY }),
  });
  const { errors } = form.formState;

  return (
    <Card
      title="Sanctions monitoring"
      labelledBy="monitoring-heading"
      description="When a sanctions list update adds or changes entries, the sessions verified in the window before it are screened against those entries only; a hit puts the session back in the review queue and sends monitoring.hit to the webhooks that take it."
    >
      {current.isPending ? (
        <Skeleton lines={3} label="Loading sanctions monitoring" />
      ) : current.isError ? (
        <ProblemCallout
          error={current.error}
          title="Sanctions monitoring could not be loaded"
          onRetry={() => current.refetch()}
        />
      ) : (
        <div className="stack">
          <form onSubmit={form.handleSubmit((values) => save.mutate(values))} noValidate>
            <div className="field">
              <label htmlFor="monitoring-window">Monitoring window in days</label>
              <input
                id="monitoring-window"
                className="input"
                type="number"
                inputMode="numeric"
                min="0"
                step="1"
                aria-invalid={errors.windowDays ? true : undefined}
                aria-describedby="monitoring-window-hint monitoring-window-error"
                {...form.register('windowDays', {
                  setValueAs: (value: unknown) => (value === '' ? undefined : Number(value)),
                })}
              />
              <span className="field-hint" id="monitoring-window-hint">
                0 turns monitoring off. A change applies to the next list update.
              </span>
              <span className="field-error" id="monitoring-window-error">
                {errors.windowDays?.message}
              </span>
            </div>
            {save.error ? <ProblemCallout error={save.error} title="The window was not saved" /> : null}
            <p role="status" className="muted">
              {save.data && !save.isPending
                ? save.data.changed
                  ? `Saved: ${windowText(save.data.windowDays)} (was ${windowText(save.data.previousWindowDays)}).`
                  : `Unchanged: ${windowText(save.data.windowDays)}.`
                : null}
            </p>
            <Button type="submit" variant="primary" busy={save.isPending}>
              Save monitoring window
            </Button>
          </form>
          <h3>Latest runs</h3>
          <MonitoringRuns runs={current.data.runs} />
        </div>
      )}
    </Card>
  );
}
