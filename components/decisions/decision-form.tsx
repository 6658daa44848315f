'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { ConsoleApiError, consoleFetch } from '@/components/data/console-fetch';
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
import { DecisionBadge } from './decision-badge';
import { DECISION_KEYS, type DecisionReasons, type DecisionRecord, REASONS_QUERY } from './decision-types';
import styles from './decisions.module.css';

/** Whether a key press belongs to a field (typing there must not trigger shortcuts). */
export function isTyping(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
  );
}

/** Who decided what, in one line: "Decline, Fraud ring, by ana@example.com". */
export const decisionLine = (record: DecisionRecord) =>
  `${DECISION_LABEL[record.decision]}, ${record.reason}, by ${record.actor.email ?? record.actor.id}`;

/**
 * Records a decision: approve, review or decline, a reason from the workspace's list and a note.
 * Keys a, r and x pick the decision from anywhere on the page; Ctrl/Cmd+Enter submits. `current`
 * is the decision in force as the page knows it: the new one is sent as replacing it, and when
 * someone decided since, the server refuses (409) and the analyst confirms replacing theirs.
 */
export function DecisionForm({
  sessionId,
  current,
  onDecided,
  onCancel,
  onConflict,
  andNext = false,
}: {
  sessionId: string;
  current: DecisionRecord | null;
  /** `next`: the analyst asked to open the queue's next session once recorded. */
  onDecided?: (record: DecisionRecord, next: boolean) => void;
  /** Opened from the queue: the first action (and Ctrl/Cmd+Enter) records and opens the next. */
  andNext?: boolean;
  onCancel?: () => void;
  /** Someone decided since: the form must stay open for the analyst to confirm or cancel. */
  onConflict?: () => void;
}) {
  const queryClient = useQueryClient();
  const reasonRef = useRef<HTMLSelectElement | null>(null);
  // Which submit the analyst chose: "record and next" or "record only".
  const nextRef = useRef(andNext);
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
    onSettled: async () => {
      // The session, its decisions, the lists and the queue: all show the decision in force.
      await queryClient.invalidateQueries({ queryKey: ['sessions'] });
    },
    onError: (error) => {
      if (error instanceof ConsoleApiError && error.status === 409) onConflict?.();
    },
    onSuccess: (record) => {
      form.reset({ decision: form.getValues('decision'), reason: '', note: '' });
      onDecided?.(record, nextRef.current);
    },
  });
  // Someone decided since the page learnt of `current`: the refreshed one is what would be replaced.
  const conflict = save.error instanceof ConsoleApiError && save.error.status === 409;
  const submitAs = (next: boolean) => {
    nextRef.current = next;
    return form.handleSubmit((values) => save.mutate({ ...values, replaces: current?.id ?? null }))();
  };
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
      onSubmit={(event) => {
        event.preventDefault();
        void submitAs(andNext);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
          event.preventDefault();
          void submitAs(andNext);
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
      {current ? (
        <p className={`muted ${styles.replaces}`}>
          Replaces <DecisionBadge decision={current.decision} /> {current.reason}, by{' '}
          {current.actor.email ?? current.actor.id}.
        </p>
      ) : null}
      {conflict ? (
        <div className="callout callout-warning" role="alert">
          <p>
            Someone decided since you opened this session
            {current ? `: ${decisionLine(current)}` : ''}. Nothing was recorded.
          </p>
          <div className="inline">
            <Button
              variant="primary"
              size="sm"
              busy={save.isPending}
              onClick={() => save.mutate({ ...form.getValues(), replaces: current?.id ?? null })}
            >
              Record mine, replacing it
            </Button>
          </div>
        </div>
      ) : save.error ? (
        <ProblemCallout error={save.error} title="The decision was not recorded" />
      ) : null}
      <div className="inline">
        <Button type="submit" variant="primary" busy={save.isPending}>
          {andNext ? 'Record and open next' : 'Record decision'}
        </Button>
        {andNext ? (
          <Button type="button" busy={save.isPending} onClick={() => void submitAs(false)}>
            Record only
          </Button>
        ) : null}
        {onCancel ? (
          <Button type="button" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
        <span className={`muted ${styles.keys}`}>
          Keys: <kbd>a</kbd> approve, <kbd>r</kbd> review, <kbd>x</kbd> decline; <kbd>Ctrl</kbd>+
          <kbd>Enter</kbd> {andNext ? 'records and opens the next session' : 'records'}.
        </span>
      </div>
    </form>
  );
}
