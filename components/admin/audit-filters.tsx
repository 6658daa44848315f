'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { type UseFormReturn, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { consoleFetch } from '@/components/data/console-fetch';
import { Button } from '@/components/ui/button';
import { type AuditFacets, type AuditFilter, auditFilterSchema } from '@/lib/contract/console/audit';
import styles from './audit.module.css';

type FilterValues = z.input<typeof auditFilterSchema>;

const EMPTY: FilterValues = { actor: '', action: '', from: '', to: '' };

/** One end of the date range, with its error beside it. */
function DateField({
  name,
  label,
  form,
}: {
  name: 'from' | 'to';
  label: string;
  form: UseFormReturn<FilterValues, unknown, AuditFilter>;
}) {
  const error = form.formState.errors[name]?.message;
  return (
    <div className="field">
      <label htmlFor={`audit-${name}`}>{label}</label>
      <input
        id={`audit-${name}`}
        className="input"
        type="date"
        aria-invalid={error ? true : undefined}
        aria-describedby={`audit-${name}-error`}
        {...form.register(name)}
      />
      <span className="field-error" id={`audit-${name}-error`}>
        {error}
      </span>
    </div>
  );
}

/** Filters of the audit log: who, what and which days (UTC, both ends included). */
export function AuditFilters({ onApply }: { onApply: (filter: AuditFilter) => void }) {
  const facets = useQuery({
    queryKey: ['console', 'audit', 'facets'],
    queryFn: () => consoleFetch<AuditFacets>('/api/console/audit/facets'),
  });
  const form = useForm<FilterValues, unknown, AuditFilter>({
    resolver: zodResolver(auditFilterSchema),
    defaultValues: EMPTY,
  });
  return (
    <form
      className={styles.filters}
      onSubmit={form.handleSubmit(onApply)}
      onReset={() => {
        form.reset(EMPTY);
        onApply({});
      }}
      noValidate
      aria-label="Filter the audit log"
    >
      <div className="field">
        <label htmlFor="audit-actor">Actor</label>
        <select id="audit-actor" className="select" {...form.register('actor')}>
          <option value="">Anyone</option>
          {facets.data?.actors.map((actor) => (
            <option key={actor.id} value={actor.id}>
              {actor.email ?? actor.id}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="audit-action">Action</label>
        <select id="audit-action" className="select" {...form.register('action')}>
          <option value="">Any action</option>
          {facets.data?.actions.map((action) => (
            <option key={action} value={action}>
              {action}
            </option>
          ))}
        </select>
      </div>
      <DateField name="from" label="From (UTC)" form={form} />
      <DateField name="to" label="To (UTC)" form={form} />
      <div className={styles.buttons}>
        <Button type="submit" variant="primary">
          Apply filters
        </Button>
        <Button type="reset">Clear</Button>
      </div>
    </form>
  );
}
