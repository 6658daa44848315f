'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { consoleFetch } from '@/components/data/console-fetch';
import { Button } from '@/components/ui/button';
import { ProblemCallout } from '@/components/ui/problem-callout';
import { Segmented } from '@/components/ui/segmented';
import { Skeleton } from '@/components/ui/skeleton';
import {
  DECISION_LABEL,
  DECISIONS,
  type DecisionRequest,
  decisionRequestSchema,
  NOTE_MAX_CHARS,
} from '@/lib/contract/console/decisions';
import {
  DECISION_KEYS,
  type DecisionReasons,
  type DecisionRecord,
  decisionsQueryKey,
  REASONS_QUERY,
  REVIEW_QUEUE_QUERY,
} from './decision-types';
import styles from './decisions.module.css';

/** Whether a key press belongs to a field (typing there must not trigger shortcuts). */
export function isTyping(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
  );
}

/**
 * Records a decision: approve, review or decline, a reason from the workspace's list and a note.
 * Keys a, r and x pick the decision from anywhere on the page; Ctrl/Cmd+Enter submits.
 */
export function DecisionForm({ sessionId, onDecided }: { sessionId: string; onDecided?: () => void }) {
  const queryClient = useQueryClient();
  const reasonRef = useRef<HTMLSelectElement | null>(null);
  const reasons = useQuery({
    queryKey: REASONS_QUERY,
    queryFn: () => consoleFetch<DecisionReasons>('/api/console/decision-reasons'),
  });
  const form = useForm<DecisionRequest>({
    resolver: zodResolver(decisionRequestSchema),
    defaultValues: { decision: 'review', reason: '', note: '' },
  });
  const decision = useWatch({ control: form.control, name: 'decision' });
  const choices = (reasons.data?.reasons ?? []).filter((reason) => reason.decision === decision);
  const { setValue } = form;

  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (event.altKey || event.ctrlKey || event.metaKey || isTyping(event.target)) return;
      const picked = DECISION_KEYS[event.key];
      if (!picked) return;
      event.preventDefault();
      setValue('decision', picked);
      setValue('reason', '');
      // After React renders the reasons of the new decision.
      requestAnimationFrame(() => reasonRef.current?.focus());
    }
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [setValue]);

  const save = useMutation({
    mutationFn: (body: DecisionRequest) =>
      consoleFetch<DecisionRecord>(`/api/console/sessions/${encodeURIComponent(sessionId)}/decisions`, {
        method: 'POST',
        body,
      }),
    onSuccess: async () => {
      form.reset({ decision: form.getValues('decision'), reason: '', note: '' });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: decisionsQueryKey(sessionId) }),
        queryClient.invalidateQueries({ queryKey: REVIEW_QUEUE_QUERY }),
      ]);
      onDecided?.();
    },
  });
  const submit = form.handleSubmit((values) => save.mutate(values));
  const { errors } = form.formState;
  const reasonField = form.register('reason');

  if (reasons.isPending) return <Skeleton lines={3} label="Loading the reasons" />;
  if (reasons.isError) {
    return (
      <ProblemCallout
        error={reasons.error}
        title="The reasons could not be loaded"
        onRetry={() => reasons.refetch()}
      />
    );
  }
  return (
    <form
      className={styles.form}
      onSubmit={submit}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
          event.preventDefault();
          void submit();
        }
      }}
      noValidate
      aria-label="Record a decision"
    >
      <fieldset className="field">
        <legend>Decision</legend>
        <Segmented
          name="decision"
          options={DECISIONS}
          value={decision}
          onChange={(next) => {
            setValue('decision', next);
            setValue('reason', '');
          }}
          labelOf={(option) => DECISION_LABEL[option]}
        />
      </fieldset>
      <div className="field">
        <label htmlFor="decision-reason">Reason</label>
        <select
          id="decision-reason"
          className="select"
          aria-invalid={errors.reason ? true : undefined}
          aria-describedby="decision-reason-error"
          {...reasonField}
          ref={(element) => {
            reasonField.ref(element);
            reasonRef.current = element;
          }}
        >
          <option value="">Choose a reason…</option>
          {choices.map((reason) => (
            <option key={reason.label} value={reason.label}>
              {reason.label}
            </option>
          ))}
        </select>
        <span className="field-error" id="decision-reason-error">
          {errors.reason?.message ??
            (choices.length === 0
              ? 'This workspace has no reason for this decision; an admin adds them on the Admin page.'
              : null)}
        </span>
      </div>
      <div className="field">
        <label htmlFor="decision-note">Note (optional)</label>
        <textarea
          id="decision-note"
          className="input"
          rows={3}
          maxLength={NOTE_MAX_CHARS}
          aria-invalid={errors.note ? true : undefined}
          aria-describedby="decision-note-hint decision-note-error"
          {...form.register('note')}
        />
        <span className="field-hint" id="decision-note-hint">
          Kept with the decision for good: decisions and notes cannot be edited or deleted.
        </span>
        <span className="field-error" id="decision-note-error">
          {errors.note?.message}
        </span>
      </div>
      {save.error ? <ProblemCallout error={save.error} title="The decision was not recorded" /> : null}
      <p role="status" className="muted">
        {save.data && !save.isPending
          ? `Recorded: ${DECISION_LABEL[save.data.decision]}, ${save.data.reason}.`
          : null}
      </p>
      <div className="inline">
        <Button type="submit" variant="primary" busy={save.isPending}>
          Record decision
        </Button>
        <span className={`muted ${styles.keys}`}>
          Keys: <kbd>a</kbd> approve, <kbd>r</kbd> review, <kbd>x</kbd> decline; <kbd>Ctrl</kbd>+
          <kbd>Enter</kbd> records.
        </span>
      </div>
    </form>
  );
}
