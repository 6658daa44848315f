'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { consoleFetch } from '@/components/data/console-fetch';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { formatCalendarDate, formatDate } from '@/components/ui/dates';
import { ProblemCallout } from '@/components/ui/problem-callout';
import { Skeleton } from '@/components/ui/skeleton';
import {
  KIND_LABEL,
  LIST_KINDS,
  LIST_LABEL,
  LISTS,
  type ListEntryBody,
  type ListName,
  listEntryInputSchema,
} from '@/lib/contract/console/workspace-lists';
import { EditEntryDialog, ENTRIES_QUERY } from './edit-entry-dialog';
import { endOfDay, expiryDaySchema } from './expiry-day';
import { fieldRefusals, refusedFields } from './field-refusals';
import { ListCsvImport } from './list-csv-import';
import styles from './lists.module.css';
import { ReasonExpiryFields } from './reason-expiry-fields';
import { ValueCell } from './value-cell';

interface EntriesPage {
  entries: ListEntryBody[];
  next: string | null;
}

interface AddAnswer {
  saved: ListEntryBody[];
  rejected: { path: string; message: string }[];
}

// The add form is the API's entry schema, with the expiry typed as a calendar day (it ends then).
const formSchema = listEntryInputSchema.extend({ expiresAt: expiryDaySchema });
type FormValues = z.input<typeof formSchema>;

const PLACEHOLDER: Record<FormValues['kind'], string> = {
  email: 'name@example.com',
  email_domain: 'example.com',
  phone: '+14155552671',
  ip: '203.0.113.7',
  cidr: '203.0.113.0/24',
  ssn: '123-45-6789',
  name: 'Given Family',
};

/**
 * The workspace's own block and allow lists (issue 33): what is on them, why, until when; add an
 * entry, remove one. Every change is recorded in the audit log.
 */
export function WorkspaceListsCard() {
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState<ListName | 'all'>('all');
  const [notice, setNotice] = useState<string | null>(null);
  const [editing, setEditing] = useState<ListEntryBody | null>(null);
  const entries = useInfiniteQuery({
    queryKey: [...ENTRIES_QUERY, filter],
    initialPageParam: '',
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams({ limit: '50' });
      if (filter !== 'all') params.set('list', filter);
      if (pageParam) params.set('before', pageParam);
      return consoleFetch<EntriesPage>(`/api/console/lists/entries?${params}`);
    },
    getNextPageParam: (last) => last.next ?? undefined,
  });
  const form = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: { list: 'block', kind: 'email', value: '', reason: '', expiresAt: '' },
  });
  const kind = form.watch('kind');
  const add = useMutation({
    onMutate: () => setNotice(null),
    mutationFn: (values: FormValues) =>
      consoleFetch<AddAnswer>('/api/console/lists/entries', {
        body: { entries: [{ ...values, expiresAt: endOfDay(values.expiresAt) }] },
      }),
    onSuccess: async (answer) => {
      const [entry] = answer.saved;
      setNotice(entry ? `${LIST_LABEL[entry.list]} list: ${entry.value} saved.` : null);
      form.reset({ ...form.getValues(), value: '', reason: '', expiresAt: '' });
      await queryClient.invalidateQueries({ queryKey: ENTRIES_QUERY });
    },
    // The server reads the value per kind: its refusal lands under the field, as the form's own do.
    onError: (error) => {
      for (const { field, message } of fieldRefusals(
        error,
        ['value', 'reason', 'expiresAt'] as const,
        'entries.0.',
      ))
        form.setError(field, { message });
    },
  });
  const remove = useMutation({
    onMutate: () => {
      setNotice(null);
      add.reset();
    },
    mutationFn: (entry: ListEntryBody) =>
      consoleFetch<null>(`/api/console/lists/entries/${entry.id}`, { method: 'DELETE' }),
    onSuccess: async (_answer, entry) => {
      setNotice(`${entry.value} removed from the ${entry.list} list.`);
      await queryClient.invalidateQueries({ queryKey: ENTRIES_QUERY });
    },
  });
  const { errors } = form.formState;
  const rows = entries.data?.pages.flatMap((page) => page.entries) ?? [];

  return (
    <Card
      title="Your lists"
      labelledBy="workspace-lists-heading"
      description="This workspace's own block and allow lists: e-mails, domains, phones, IP addresses and ranges, SSNs (kept as keyed hashes, shown by their last four) and names. Each entry says why and may expire. Every change is recorded in the audit log."
      actions={
        <div className="field">
          <label htmlFor="list-filter">Show</label>
          <select
            id="list-filter"
            className="select"
            value={filter}
            onChange={(event) => setFilter(event.target.value as ListName | 'all')}
          >
            <option value="all">Both lists</option>
            {LISTS.map((list) => (
              <option key={list} value={list}>
                {LIST_LABEL[list]} list
              </option>
            ))}
          </select>
        </div>
      }
    >
      {entries.isPending ? (
        <Skeleton lines={3} label="Loading the lists" />
      ) : entries.isError ? (
        <ProblemCallout
          error={entries.error}
          title="The lists could not be loaded"
          onRetry={() => entries.refetch()}
        />
      ) : rows.length === 0 ? (
        <p className="muted">
          {filter === 'all' ? 'No entries yet.' : `The ${filter} list is empty.`} Add one below: a domain
          abused last week, a customer who is always fine.
        </p>
      ) : (
        <div className="table-wrap">
          <table className="table table-cards">
            <caption className="visually-hidden">Entries of this workspace's lists</caption>
            <thead>
              <tr>
                <th scope="col">Value</th>
                <th scope="col">List</th>
                <th scope="col">Reason</th>
                <th scope="col">Added</th>
                <th scope="col">Expires</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((entry) => (
                <tr key={entry.id}>
                  <ValueCell value={entry.value} kind={entry.kind} />
                  <td data-label="List">
                    <Badge tone={entry.list === 'block' ? 'danger' : 'success'}>
                      {LIST_LABEL[entry.list]}
                    </Badge>
                  </td>
                  <td data-label="Reason">{entry.reason}</td>
                  <td data-label="Added">{formatDate(entry.createdAt)}</td>
                  <td data-label="Expires">
                    {entry.expired ? (
                      <Badge tone="warning">Expired</Badge>
                    ) : entry.expiresAt ? (
                      formatCalendarDate(entry.expiresAt)
                    ) : (
                      'Never'
                    )}
                  </td>
                  <td>
                    <div className={styles.rowActions}>
                      <Button
                        size="sm"
                        variant="ghost"
                        aria-label={`Edit ${entry.value} on the ${entry.list} list`}
                        onClick={() => {
                          setNotice(null);
                          setEditing(entry);
                        }}
                      >
                        Edit
                      </Button>
                      <Button
                        size="sm"
                        variant="ghost"
                        busy={remove.isPending && remove.variables?.id === entry.id}
                        aria-label={`Remove ${entry.value} from the ${entry.list} list`}
                        onClick={() => remove.mutate(entry)}
                      >
                        Remove
                      </Button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {entries.hasNextPage ? (
        <Button busy={entries.isFetchingNextPage} onClick={() => entries.fetchNextPage()}>
          Show more
        </Button>
      ) : null}
      <div aria-live="polite">
        {notice ? (
          <p className="callout callout-success" role="status">
            {notice}
          </p>
        ) : null}
        {remove.error ? <ProblemCallout error={remove.error} title="The entry was not removed" /> : null}
      </div>
      {editing ? (
        <EditEntryDialog
          entry={editing}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null);
            setNotice(`${saved.value} on the ${saved.list} list saved.`);
          }}
        />
      ) : null}
      <h3 id="add-entry-heading" className={styles.addHeading}>
        Add an entry
      </h3>
      <form
        className="stack"
        aria-labelledby="add-entry-heading"
        onSubmit={form.handleSubmit((values) => add.mutate(values))}
        noValidate
      >
        <div className="inline">
          <div className="field">
            <label htmlFor="entry-list">List</label>
            <select id="entry-list" className="select" {...form.register('list')}>
              {LISTS.map((list) => (
                <option key={list} value={list}>
                  {LIST_LABEL[list]}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="entry-kind">Kind</label>
            <select id="entry-kind" className="select" {...form.register('kind')}>
              {LIST_KINDS.map((option) => (
                <option key={option} value={option}>
                  {KIND_LABEL[option]}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="entry-value">Value</label>
            <input
              id="entry-value"
              className="input"
              placeholder={PLACEHOLDER[kind]}
              spellCheck={false}
              aria-invalid={errors.value ? true : undefined}
              aria-describedby="entry-value-error"
              {...form.register('value')}
            />
            <span className="field-error" id="entry-value-error">
              {errors.value?.message}
            </span>
          </div>
        </div>
        <ReasonExpiryFields
          id="entry"
          reason={form.register('reason')}
          expiresAt={form.register('expiresAt')}
          errors={{ reason: errors.reason?.message, expiresAt: errors.expiresAt?.message }}
        />
        {add.error && !refusedFields(add.error) ? (
          <ProblemCallout error={add.error} title="The entry was not added" />
        ) : null}
        <div>
          <Button type="submit" variant="primary" busy={add.isPending}>
            Add to the list
          </Button>
        </div>
      </form>
      <ListCsvImport />
    </Card>
  );
}
