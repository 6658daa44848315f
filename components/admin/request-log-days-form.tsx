'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { consoleFetch } from '@/components/data/console-fetch';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ProblemCallout } from '@/components/ui/problem-callout';
import { Skeleton } from '@/components/ui/skeleton';
import {
  MAX_REQUEST_LOG_DAYS,
  MIN_REQUEST_LOG_DAYS,
  type RequestLogSettings,
  requestLogSettingsSchema,
} from '@/lib/contract/console/request-log';

const SETTINGS_QUERY = ['console', 'request-log', 'settings'] as const;

interface SavedSettings extends RequestLogSettings {
  previousDays: number;
  changed: boolean;
}

/** How many days the request log keeps a call before the hourly retention pass deletes it. */
export function RequestLogDaysForm() {
  const queryClient = useQueryClient();
  const current = useQuery({
    queryKey: SETTINGS_QUERY,
    queryFn: () => consoleFetch<RequestLogSettings>('/api/console/request-log/settings'),
  });
  const form = useForm<RequestLogSettings>({ resolver: zodResolver(requestLogSettingsSchema) });
  const { reset } = form;
  useEffect(() => {
    if (current.data) reset(current.data);
  }, [current.data, reset]);
  const save = useMutation({
    mutationFn: (body: RequestLogSettings) =>
      consoleFetch<SavedSettings>('/api/console/request-log/settings', { method: 'PUT', body }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(SETTINGS_QUERY, { days: saved.days });
      await queryClient.invalidateQueries({ queryKey: ['console', 'request-log'] });
    },
  });
  const error = form.formState.errors.days?.message;

  return (
    <Card
      title="Request log"
      labelledBy="request-log-days-heading"
      description="How long the request log keeps each API call (operation, status, latency, key, request id and an error's problem body; never the request's data). Older calls are deleted within the hour."
    >
      {current.isPending ? (
        <Skeleton lines={1} label="Loading the request log setting" />
      ) : current.isError ? (
        <ProblemCallout
          error={current.error}
          title="The request log setting could not be loaded"
          onRetry={() => current.refetch()}
        />
      ) : (
        <form onSubmit={form.handleSubmit((values) => save.mutate(values))} noValidate>
          <div className="field">
            <label htmlFor="request-log-days">Days to keep calls</label>
            <input
              id="request-log-days"
              className="input"
              type="number"
              inputMode="numeric"
              min={MIN_REQUEST_LOG_DAYS}
              max={MAX_REQUEST_LOG_DAYS}
              step="1"
              aria-invalid={error ? true : undefined}
              aria-describedby="request-log-days-hint request-log-days-error"
              {...form.register('days', { valueAsNumber: true })}
            />
            <span className="field-hint" id="request-log-days-hint">
              From {MIN_REQUEST_LOG_DAYS} to {MAX_REQUEST_LOG_DAYS} days; 30 unless changed.
            </span>
            <span className="field-error" id="request-log-days-error">
              {error}
            </span>
          </div>
          {save.error ? (
            <ProblemCallout error={save.error} title="The request log setting was not saved" />
          ) : null}
          <p role="status" className="muted">
            {save.data && !save.isPending
              ? save.data.changed
                ? `Saved: calls are kept ${save.data.days} days (was ${save.data.previousDays}).`
                : `Unchanged: calls are kept ${save.data.days} days.`
              : null}
          </p>
          <Button type="submit" variant="primary" busy={save.isPending}>
            Save request log setting
          </Button>
        </form>
      )}
    </Card>
  );
}
