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
  type WorkspaceRateLimitRequest,
  workspaceRateLimitRequestSchema,
} from '@/lib/contract/console/rate-limit';
import { formatRate } from './format-rate';

const RATE_LIMIT_QUERY = ['console', 'rate-limit'] as const;

interface SavedRateLimit {
  rateLimitPerSec: number;
  previousRateLimitPerSec: number;
  changed: boolean;
}

/** The default rate of the workspace's keys: what a key without a rate of its own may send. */
export function RateLimitForm() {
  const queryClient = useQueryClient();
  const current = useQuery({
    queryKey: RATE_LIMIT_QUERY,
    queryFn: () => consoleFetch<WorkspaceRateLimitRequest>('/api/console/rate-limit'),
  });
  const form = useForm<WorkspaceRateLimitRequest>({
    resolver: zodResolver(workspaceRateLimitRequestSchema),
  });
  const { reset } = form;
  useEffect(() => {
    if (current.data) reset(current.data);
  }, [current.data, reset]);
  const save = useMutation({
    mutationFn: (body: WorkspaceRateLimitRequest) =>
      consoleFetch<SavedRateLimit>('/api/console/rate-limit', { method: 'PUT', body }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(RATE_LIMIT_QUERY, { rateLimitPerSec: saved.rateLimitPerSec });
      await queryClient.invalidateQueries({ queryKey: RATE_LIMIT_QUERY });
    },
  });
  const { errors } = form.formState;

  return (
    <Card
      title="Rate limit"
      labelledBy="rate-limit-heading"
      description="Requests per second each key may send to each endpoint, unless the key has a rate of its own (Edit on the key). Changes apply to the next request."
    >
      {current.isPending ? (
        <Skeleton lines={1} label="Loading the rate limit" />
      ) : current.isError ? (
        <ProblemCallout
          error={current.error}
          title="The rate limit could not be loaded"
          onRetry={() => current.refetch()}
        />
      ) : (
        <form onSubmit={form.handleSubmit((values) => save.mutate(values))} noValidate>
          <div className="field">
            <label htmlFor="rate-limit">Default requests per second per key</label>
            <input
              id="rate-limit"
              className="input"
              type="number"
              inputMode="decimal"
              min="0"
              step="any"
              aria-invalid={errors.rateLimitPerSec ? true : undefined}
              aria-describedby="rate-limit-hint rate-limit-error"
              {...form.register('rateLimitPerSec', { valueAsNumber: true })}
            />
            <span className="field-hint" id="rate-limit-hint">
              A key may send a burst of this many at once, then this many each second.
            </span>
            <span className="field-error" id="rate-limit-error">
              {errors.rateLimitPerSec?.message}
            </span>
          </div>
          {save.error ? <ProblemCallout error={save.error} title="The rate limit was not saved" /> : null}
          <p role="status" className="muted">
            {save.data && !save.isPending
              ? save.data.changed
                ? `Saved: ${formatRate(save.data.rateLimitPerSec)} requests per second (was ${formatRate(save.data.previousRateLimitPerSec)}).`
                : `Unchanged: ${formatRate(save.data.rateLimitPerSec)} requests per second.`
              : null}
          </p>
          <Button type="submit" variant="primary" busy={save.isPending}>
            Save rate limit
          </Button>
        </form>
      )}
    </Card>
  );
}
