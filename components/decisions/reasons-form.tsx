'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { consoleFetch } from '@/components/data/console-fetch';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ProblemCallout } from '@/components/ui/problem-callout';
import { Skeleton } from '@/components/ui/skeleton';
import {
  DECISION_LABEL,
  DECISIONS,
  type DecisionReasonRequest,
  decisionReasonRequestSchema,
  REASON_MAX_CHARS,
} from '@/lib/contract/console/decisions';
import { type DecisionReasons, REASONS_QUERY } from './decision-types';
import styles from './decisions.module.css';

/** The reasons analysts choose from when deciding, per decision: admins add and remove them. */
export function ReasonsForm() {
  const queryClient = useQueryClient();
  const reasons = useQuery({
    queryKey: REASONS_QUERY,
    queryFn: () => consoleFetch<DecisionReasons>('/api/console/decision-reasons'),
  });
  const form = useForm<DecisionReasonRequest>({
    resolver: zodResolver(decisionReasonRequestSchema),
    defaultValues: { decision: 'decline', label: '' },
  });
  const change = useMutation({
    mutationFn: ({ body, remove }: { body: DecisionReasonRequest; remove: boolean }) =>
      consoleFetch<DecisionReasonRequest>('/api/console/decision-reasons', {
        method: remove ? 'DELETE' : 'POST',
        body,
      }),
    onSuccess: async (_data, { remove }) => {
      if (!remove) form.reset({ decision: form.getValues('decision'), label: '' });
      await queryClient.invalidateQueries({ queryKey: REASONS_QUERY });
    },
  });
  const { errors } = form.formState;

  return (
    <Card
      title="Decision reasons"
      labelledBy="decision-reasons-heading"
      description="What analysts pick from when they approve, review or decline a session. Removing one keeps the decisions already made with it."
    >
      {reasons.isPending ? (
        <Skeleton lines={3} label="Loading the reasons" />
      ) : reasons.isError ? (
        <ProblemCallout
          error={reasons.error}
          title="The reasons could not be loaded"
          onRetry={() => reasons.refetch()}
        />
      ) : (
        <div className="stack">
          {DECISIONS.map((decision) => (
            <div key={decision}>
              <h3 id={`reasons-${decision}`}>{DECISION_LABEL[decision]}</h3>
              <ul className={styles.reasonList} aria-labelledby={`reasons-${decision}`}>
                {reasons.data.reasons
                  .filter((reason) => reason.decision === decision)
                  .map((reason) => (
                    <li key={reason.label} className={styles.reasonItem}>
                      {reason.label}
                      <Button
                        size="sm"
                        variant="ghost"
                        onClick={() => change.mutate({ body: reason, remove: true })}
                      >
                        Remove<span className="visually-hidden"> {reason.label}</span>
                      </Button>
                    </li>
                  ))}
              </ul>
            </div>
          ))}
          <form
            className="inline"
            onSubmit={form.handleSubmit((body) => change.mutate({ body, remove: false }))}
            noValidate
          >
            <div className="field">
              <label htmlFor="reason-decision">For</label>
              <select id="reason-decision" className="select" {...form.register('decision')}>
                {DECISIONS.map((decision) => (
                  <option key={decision} value={decision}>
                    {DECISION_LABEL[decision]}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor="reason-label">New reason</label>
              <input
                id="reason-label"
                className="input"
                maxLength={REASON_MAX_CHARS}
                aria-invalid={errors.label ? true : undefined}
                aria-describedby="reason-label-error"
                {...form.register('label')}
              />
              <span className="field-error" id="reason-label-error">
                {errors.label?.message}
              </span>
            </div>
            <Button type="submit" busy={change.isPending}>
              Add reason
            </Button>
          </form>
          {change.error ? <ProblemCallout error={change.error} title="The reasons were not changed" /> : null}
        </div>
      )}
    </Card>
  );
}
