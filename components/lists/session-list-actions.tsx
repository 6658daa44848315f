'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { consoleFetch } from '@/components/data/console-fetch';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { formatCalendarDate } from '@/components/ui/dates';
import { Dialog } from '@/components/ui/dialog';
import { ProblemCallout } from '@/components/ui/problem-callout';
import { Skeleton } from '@/components/ui/skeleton';
import {
  addFromSessionRequestSchema,
  KIND_LABEL,
  LIST_LABEL,
  LISTS,
  type ListCandidateBody,
  type ListEntryBody,
  type ListName,
} from '@/lib/contract/console/workspace-lists';
import { ENTRIES_QUERY } from './edit-entry-dialog';
import { endOfDay, expiryDaySchema } from './expiry-day';
import { fieldRefusals, refusedFields } from './field-refusals';
import styles from './lists.module.css';
import { ReasonExpiryFields } from './reason-expiry-fields';
import { ValueCell } from './value-cell';

const formSchema = addFromSessionRequestSchema.pick({ reason: true }).extend({ expiresAt: expiryDaySchema });
type FormValues = z.input<typeof formSchema>;

const candidatesQuery = (sessionId: string) => ['session-list-candidates', sessionId] as const;

interface Chosen {
  candidate: ListCandidateBody;
  list: ListName;
}

function AddDialog({
  sessionId,
  chosen,
  onClose,
  onAdded,
}: {
  sessionId: string;
  chosen: Chosen;
  onClose: () => void;
  onAdded: (entry: ListEntryBody) => void;
}) {
  const form = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: { reason: `Seen in session ${sessionId}`, expiresAt: '' },
  });
  const add = useMutation({
    mutationFn: (values: FormValues) =>
      consoleFetch<ListEntryBody>(`/api/console/sessions/${encodeURIComponent(sessionId)}/list-entries`, {
        body: {
          ref: chosen.candidate.ref,
          list: chosen.list,
          reason: values.reason,
          expiresAt: endOfDay(values.expiresAt),
        },
      }),
    onSuccess: onAdded,
    onError: (error) => {
      for (const { field, message } of fieldRefusals(error, ['reason', 'expiresAt'] as const))
        form.setError(field, { message });
    },
  });
  const { errors } = form.formState;
  const { candidate, list } = chosen;
  return (
    <Dialog open onClose={onClose} title={`${LIST_LABEL[list]} ${candidate.shown}`}>
      <p className="muted">
        Adds this {KIND_LABEL[candidate.kind].toLowerCase()} to the workspace's {list} list: the next Verify
        that carries it is {list === 'block' ? 'BLOCKED' : 'ALLOWED'} by the WORKSPACE_LIST check. Recorded in
        the audit log.
      </p>
      <form className="stack" onSubmit={form.handleSubmit((values) => add.mutate(values))} noValidate>
        <ReasonExpiryFields
          id="session-entry"
          reason={form.register('reason')}
          expiresAt={form.register('expiresAt')}
          errors={{ reason: errors.reason?.message, expiresAt: errors.expiresAt?.message }}
        />
        {add.error && !refusedFields(add.error) ? (
          <ProblemCallout error={add.error} title="The entry was not added" />
        ) : null}
        <div className="dialog-actions">
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant={list === 'block' ? 'danger' : 'primary'} busy={add.isPending}>
            Add to the {list} list
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/**
 * The session's values a workspace list can hold (masked as its identifiers are), what they are
 * on already, and a Block and an Allow action beside each: one click, a reason, done.
 */
export function SessionListActions({ sessionId }: { sessionId: string }) {
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const candidates = useQuery({
    queryKey: candidatesQuery(sessionId),
    queryFn: () =>
      consoleFetch<{ candidates: ListCandidateBody[] }>(
        `/api/console/sessions/${encodeURIComponent(sessionId)}/list-entries`,
      ),
  });
  const rows = candidates.data?.candidates ?? [];

  return (
    <Card
      title="Block or allow"
      labelledBy="session-lists-heading"
      description="This session's e-mails, domains, phones, IP addresses, SSN and name, masked. Add one to the workspace's block or allow list; every Verify that carries it then says so."
    >
      {candidates.isPending ? (
        <Skeleton lines={2} label="Loading the session's values" />
      ) : candidates.isError ? (
        <ProblemCallout
          error={candidates.error}
          title="The session's values could not be loaded"
          onRetry={() => candidates.refetch()}
        />
      ) : rows.length === 0 ? (
        <p className="muted">
          This session has no value a list can hold (a cleartext e-mail, a phone, an IP address, a full SSN or
          a full name).
        </p>
      ) : (
        <div className="table-wrap">
          <table className="table table-cards">
            <caption className="visually-hidden">The session's values and the lists they are on</caption>
            <thead>
              <tr>
                <th scope="col">Value</th>
                <th scope="col">On a list</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((candidate) => (
                <tr key={candidate.ref}>
                  <ValueCell value={candidate.shown} kind={candidate.kind} />
                  <td data-label="On a list">
                    {candidate.entries.length === 0 ? (
                      <span className="muted">Not listed</span>
                    ) : (
                      candidate.entries.map((entry) => (
                        <span key={entry.id} className={styles.onList}>
                          <Badge
                            tone={entry.expired ? 'warning' : entry.list === 'block' ? 'danger' : 'success'}
                          >
                            {entry.expired ? 'Expired: ' : 'On '}
                            {entry.list} list
                          </Badge>{' '}
                          {entry.reason}
                          {entry.expiresAt && !entry.expired
                            ? ` (until ${formatCalendarDate(entry.expiresAt)})`
                            : ''}
                        </span>
                      ))
                    )}
                  </td>
                  <td>
                    <div className={styles.rowActions}>
                      {LISTS.map((list) => (
                        <Button
                          key={list}
                          size="sm"
                          variant="ghost"
                          aria-label={`${LIST_LABEL[list]} ${KIND_LABEL[candidate.kind].toLowerCase()} ${candidate.shown}`}
                          onClick={() => {
                            setNotice(null);
                            setChosen({ candidate, list });
                          }}
                        >
                          {LIST_LABEL[list]}
                        </Button>
                      ))}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div aria-live="polite">
        {notice ? (
          <p className="callout callout-success" role="status">
            {notice}
          </p>
        ) : null}
      </div>
      {chosen ? (
        <AddDialog
          sessionId={sessionId}
          chosen={chosen}
          onClose={() => setChosen(null)}
          onAdded={async (entry) => {
            setNotice(`${chosen.candidate.shown} added to the ${entry.list} list.`);
            setChosen(null);
            await Promise.all([
              queryClient.invalidateQueries({ queryKey: candidatesQuery(sessionId) }),
              queryClient.invalidateQueries({ queryKey: ENTRIES_QUERY }),
            ]);
          }}
        />
      ) : null}
    </Card>
  );
}
