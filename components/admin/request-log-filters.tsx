'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { type UseFormReturn, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { consoleFetch } from '@/components/data/console-fetch';
import { Button } from '@/components/ui/button';
import {
  REQUEST_LOG_OPERATIONS,
  type RequestLogFilter,
  requestLogFilterSchema,
} from '@/lib/contract/console/request-log';
import styles from './audit.module.css';
import { KEYS_QUERY, type KeySummary } from './key-types';
import own from './request-log.module.css';

type FilterValues = z.input<typeof requestLogFilterSchema>;
type Form = UseFormReturn<FilterValues, unknown, RequestLogFilter>;

const EMPTY: FilterValues = { requestId: '', status: '', keyId: '', operation: '', from: '', to: '' };

/** A text or date-time field with its hint and its error beside it. */
function Field({
  name,
  label,
  hint,
  type = 'text',
  form,
}: {
  name: 'requestId' | 'status' | 'from' | 'to';
  label: string;
  hint?: string;
  type?: 'text' | 'datetime-local';
  form: Form;
}) {
  const error = form.formState.errors[name]?.message;
  const id = `request-log-${name}`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className="input"
        type={type}
        spellCheck={false}
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={`${hint ? `${id}-hint ` : ''}${id}-error`}
        {...form.register(name)}
      />
      {hint ? (
        <span className="field-hint" id={`${id}-hint`}>
          {hint}
        </span>
      ) : null}
      <span className="field-error" id={`${id}-error`}>
        {error}
      </span>
    </div>
  );
}

/** Filters of the request log: which call, which answers, which key and operation, and when (UTC). */
export function RequestLogFilters({ onApply }: { onApply: (filter: RequestLogFilter) => void }) {
  const keys = useQuery({
    queryKey: KEYS_QUERY,
    queryFn: () => consoleFetch<{ keys: KeySummary[] }>('/api/console/keys').then((body) => body.keys),
  });
  const form = useForm<FilterValues, unknown, RequestLogFilter>({
    resolver: zodResolver(requestLogFilterSchema),
    defaultValues: EMPTY,
  });
  return (
    <form
      className={`${styles.filters} ${own.filterFields}`}
      onSubmit={form.handleSubmit(onApply)}
      onReset={() => {
        form.reset(EMPTY);
        onApply({});
      }}
      noValidate
      aria-label="Filter the request log"
    >
      <Field name="requestId" label="Request id" hint="The X-Request-Id of the answer." form={form} />
      <Field name="status" label="Status" hint="A status such as 400, or 2xx, 4xx, 5xx." form={form} />
      <div className="field">
        <label htmlFor="request-log-keyId">Key</label>
        <select id="request-log-keyId" className="select" {...form.register('keyId')}>
          <option value="">Any key</option>
          {keys.data?.map((key) => (
            <option key={key.id} value={key.id}>
              {key.name ?? 'Unlabelled key'} ({key.start}…)
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="request-log-operation">Operation</label>
        <select id="request-log-operation" className="select" {...form.register('operation')}>
          <option value="">Any operation</option>
          {REQUEST_LOG_OPERATIONS.map((operation) => (
            <option key={operation} value={operation}>
              {operation}
            </option>
          ))}
        </select>
      </div>
      <Field name="from" label="From (UTC)" type="datetime-local" form={form} />
      <Field name="to" label="To (UTC)" type="datetime-local" form={form} />
      <div className={styles.buttons}>
        <Button type="submit" variant="primary">
          Apply filters
        </Button>
        <Button type="reset">Clear</Button>
      </div>
    </form>
  );
}
