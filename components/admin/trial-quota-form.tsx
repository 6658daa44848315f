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
  type TrialQuota,
  type TrialQuotaRequest,
  trialQuotaRequestSchema,
} from '@/lib/contract/console/trial-quota';

const TRIAL_QUOTA_QUERY = ['console', 'trial-quota'] as const;

interface SavedTrialQuota extends TrialQuota {
  previousTrialQuota: number | null;
  changed: boolean;
}

const quotaText = (quota: number | null) =>
  quota === null ? 'no quota' : `${quota.toLocaleString('en')} Verify calls`;

/** The Verify trial quota: how many Verify calls the workspace may make in all; empty for none. */
export function TrialQuotaForm() {
  const queryClient = useQueryClient();
  const current = useQuery({
    queryKey: TRIAL_QUOTA_QUERY,
    queryFn: () => consoleFetch<TrialQuota>('/api/console/trial-quota'),
  });
  const form = useForm<TrialQuotaRequest>({ resolver: zodResolver(trialQuotaRequestSchema) });
  const { reset } = form;
  useEffect(() => {
    if (current.data) reset({ trialQuota: current.data.trialQuota });
  }, [current.data, reset]);
  const save = useMutation({
    mutationFn: (body: TrialQuotaRequest) =>
      consoleFetch<SavedTrialQuota>('/api/console/trial-quota', { method: 'PUT', body }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(TRIAL_QUOTA_QUERY, {
        trialQuota: saved.trialQuota,
        verifyUsed: saved.verifyUsed,
      });
      await queryClient.invalidateQueries({ queryKey: TRIAL_QUOTA_QUERY });
    },
  });
  const { errors } = form.formState;

  return (
    <Card
      title="Trial quota"
      labelledBy="trial-quota-heading"
      description="How many Verify calls this workspace may make in all, console calls included; past it Verify answers 429 QUOTA_EXCEEDED. Leave it empty for a paying workspace without a quota."
    >
      {current.isPending ? (
        <Skeleton lines={1} label="Loading the trial quota" />
      ) : current.isError ? (
        <ProblemCallout
          error={current.error}
          title="The trial quota could not be loaded"
          onRetry={() => current.refetch()}
        />
      ) : (
        <form onSubmit={form.handleSubmit((values) => save.mutate(values))} noValidate>
          <div className="field">
            <label htmlFor="trial-quota">Verify calls allowed</label>
            <input
              id="trial-quota"
              className="input"
              type="number"
              inputMode="numeric"
              min="0"
              step="1"
              placeholder="No quota"
              aria-invalid={errors.trialQuota ? true : undefined}
              aria-describedby="trial-quota-hint trial-quota-error"
              {...form.register('trialQuota', {
                setValueAs: (value: unknown) =>
                  value === '' || value === null || value === undefined ? null : Number(value),
              })}
            />
            <span className="field-hint" id="trial-quota-hint">
              {current.data.verifyUsed.toLocaleString('en')} Verify calls used so far. Lowering the quota
              below that stops Verify at once.
            </span>
            <span className="field-error" id="trial-quota-error">
              {errors.trialQuota?.message}
            </span>
          </div>
          {save.error ? <ProblemCallout error={save.error} title="The trial quota was not saved" /> : null}
          <p role="status" className="muted">
            {save.data && !save.isPending
              ? save.data.changed
                ? `Saved: ${quotaText(save.data.trialQuota)} (was ${quotaText(save.data.previousTrialQuota)}).`
                : `Unchanged: ${quotaText(save.data.trialQuota)}.`
              : null}
          </p>
          <Button type="submit" variant="primary" busy={save.isPending}>
            Save trial quota
          </Button>
        </form>
      )}
    </Card>
  );
}
