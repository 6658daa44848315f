'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { type RefObject, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { ConsoleApiError, consoleFetch } from '@/components/data/console-fetch';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { CopyButton } from '@/components/ui/copy-button';
import { Dialog } from '@/components/ui/dialog';
import { ErrorCallout } from '@/components/ui/error-callout';
import { DELETION_TABLES, type DeletionCounts, type DeletionResult } from '@/lib/contract/console/deletion';
import styles from './deletion-form.module.css';

const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

const formSchema = z
  .object({
    emails: z.string(),
    phones: z.string(),
    ssn: z
      .string()
      .refine((value) => value.trim() === '' || /^(\d{9}|\d{3}-\d{2}-\d{4})$/.test(value.trim()), {
        error: 'Enter the full 9-digit SSN (123-45-6789): the last four digits match many people.',
      }),
    profileService: z.string(),
    profileHandle: z.string(),
  })
  .refine((v) => v.profileService.trim() === '' || v.profileHandle.trim() !== '', {
    path: ['profileHandle'],
    error: 'Enter the handle of the profile on this service.',
  })
  .refine(
    (v) =>
      lines(v.emails).length + lines(v.phones).length + v.ssn.trim().length + v.profileHandle.trim().length >
      0,
    { path: ['emails'], error: 'Enter at least one email, phone, SSN or profile to delete.' },
  );

type FormValues = z.infer<typeof formSchema>;
type Field = keyof FormValues;

const EMPTY: FormValues = { emails: '', phones: '', ssn: '', profileService: '', profileHandle: '' };

function requestBody(values: FormValues) {
  const handle = values.profileHandle.trim();
  return {
    emails: lines(values.emails),
    phones: lines(values.phones),
    ssns: values.ssn.trim() ? [values.ssn.trim()] : [],
    profiles: handle ? [{ service: values.profileService.trim() || null, username: handle }] : [],
  };
}

/** "2 emails, 1 phone, an SSN and 1 profile": what the confirmation is about. */
function summary(values: FormValues): string {
  const body = requestBody(values);
  const parts = [
    [body.emails.length, 'email'],
    [body.phones.length, 'phone'],
    [body.ssns.length, 'SSN'],
    [body.profiles.length, 'profile'],
  ] as const;
  const named = parts.filter(([n]) => n > 0).map(([n, word]) => `${n} ${word}${n === 1 ? '' : 's'}`);
  return named.length > 1 ? `${named.slice(0, -1).join(', ')} and ${named.at(-1)}` : (named[0] ?? 'nothing');
}

const TABLE_LABELS: Record<keyof DeletionCounts, string> = {
  identifiers: 'Identifiers',
  identifierLinks: 'Links between identifiers',
  linkSources: 'Link sources',
  observations: 'Observations',
  observationRollups: 'Hourly rollups',
  emailCleartexts: 'Sealed email addresses',
  breaches: 'Breach records',
  phoneRecords: 'Phone carrier records',
  profileRecords: 'Profile records',
  sessions: 'Verify sessions',
  sessionCalls: 'Verify calls',
};

/** A server error path (`emails.2`, `profiles.0.username`) as the form field and line it names. */
function fieldOf(path: string, values: FormValues): { field: Field; prefix: string } | null {
  const [head, index] = path.split('.');
  const line = (text: string) => {
    const wanted = lines(text)[Number(index)];
    const at = text.split('\n').findIndex((l) => l.trim() === wanted);
    return at >= 0 ? `Line ${at + 1}: ` : '';
  };
  if (head === 'emails') return { field: 'emails', prefix: line(values.emails) };
  if (head === 'phones') return { field: 'phones', prefix: line(values.phones) };
  if (head === 'ssns') return { field: 'ssn', prefix: '' };
  if (head === 'profiles') return { field: 'profileHandle', prefix: '' };
  return null;
}

/**
 * Records a data-subject deletion: the identifiers, a confirmation that says what cannot be
 * undone, then the rows erased per table.
 */
export function DeletionForm() {
  const [confirming, setConfirming] = useState<FormValues | null>(null);
  const [result, setResult] = useState<DeletionResult | null>(null);
  const [showSsn, setShowSsn] = useState(false);
  const resultHeading = useRef<HTMLParagraphElement>(null);
  // Closing a modal dialog returns focus to the button that opened it; where it should go instead
  // (the outcome, or the field in error) is applied once the dialog has closed.
  const focusAfterClose = useRef<(() => void) | null>(null);
  const form = useForm<FormValues>({ resolver: zodResolver(formSchema), defaultValues: EMPTY });
  const { errors } = form.formState;

  const remove = useMutation({
    mutationFn: (values: FormValues) =>
      consoleFetch<DeletionResult>('/api/console/deletions', { body: requestBody(values) }),
    onSuccess: (done) => {
      setResult(done);
      form.reset(EMPTY);
      focusAfterClose.current = () => resultHeading.current?.focus();
      setConfirming(null);
    },
    onError: (error, values) => {
      // Field errors go next to their field; the callout below the form carries the rest.
      let first: Field | null = null;
      for (const fieldError of error instanceof ConsoleApiError ? error.errors : []) {
        const target = fieldOf(fieldError.path, values);
        if (!target) continue;
        const message = fieldError.message.slice(fieldError.message.indexOf(': ') + 2);
        form.setError(target.field, { type: 'server', message: `${target.prefix}${message}` });
        first ??= target.field;
      }
      if (first) {
        const field = first;
        focusAfterClose.current = () => form.setFocus(field);
      }
      setConfirming(null);
    },
  });

  const help = (field: Field, hint: string) => ({
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': `deletion-${field}-hint deletion-${field}-error`,
    hint: (
      <>
        <span className="field-hint" id={`deletion-${field}-hint`}>
          {hint}
        </span>
        <span className="field-error" id={`deletion-${field}-error`}>
          {errors[field]?.message}
        </span>
      </>
    ),
  });
  const emails = help('emails', 'One per line: the address, or its MD5, SHA1 or SHA-256 hex digest.');
  const phones = help('phones', 'One per line, preferably E.164 such as +14155552671.');
  const ssn = help('ssn', 'All nine digits, with or without dashes.');
  const handle = help('profileHandle', 'e.g. github and jdoe; leave both empty for none.');

  return (
    <Card
      title="Delete a person's data"
      labelledBy="deletion-heading"
      description={
        <>
          Erases what this workspace contributed about these identifiers and its own Verify sessions that hold
          them, and refuses them in this workspace from then on: its Verify answers 410{' '}
          <code>DATA_DELETED</code>. Other workspaces' records and sessions are not touched; erasing a person
          everywhere is an operator's task (<code>npm run deletions -- erase</code>).
        </>
      }
    >
      {result ? (
        <DeletionResultCallout result={result} headingRef={resultHeading} onDone={() => setResult(null)} />
      ) : null}
      <form
        onSubmit={form.handleSubmit((values) => {
          remove.reset();
          setConfirming(values);
        })}
        noValidate
        aria-labelledby="deletion-heading"
      >
        <div className={styles.grid}>
          <div className="field">
            <label htmlFor="deletion-emails">Emails</label>
            <textarea
              id="deletion-emails"
              className={`input ${styles.lines}`}
              rows={3}
              spellCheck={false}
              autoComplete="off"
              aria-invalid={emails['aria-invalid']}
              aria-describedby={emails['aria-describedby']}
              {...form.register('emails')}
            />
            {emails.hint}
          </div>
          <div className="field">
            <label htmlFor="deletion-phones">Phones</label>
            <textarea
              id="deletion-phones"
              className={`input ${styles.lines}`}
              rows={3}
              spellCheck={false}
              autoComplete="off"
              aria-invalid={phones['aria-invalid']}
              aria-describedby={phones['aria-describedby']}
              {...form.register('phones')}
            />
            {phones.hint}
          </div>
          <div className="field">
            <label htmlFor="deletion-ssn">SSN</label>
            <div className={styles.masked}>
              <input
                id="deletion-ssn"
                className="input"
                type={showSsn ? 'text' : 'password'}
                inputMode="numeric"
                autoComplete="off"
                placeholder="123-45-6789"
                aria-invalid={ssn['aria-invalid']}
                aria-describedby={ssn['aria-describedby']}
                {...form.register('ssn')}
              />
              <Button size="sm" aria-pressed={showSsn} onClick={() => setShowSsn((shown) => !shown)}>
                {showSsn ? 'Hide' : 'Show'}
                <span className="visually-hidden"> SSN</span>
              </Button>
            </div>
            {ssn.hint}
          </div>
          <fieldset className="field">
            <legend>Profile</legend>
            <div className={styles.profile}>
              <label className="visually-hidden" htmlFor="deletion-profile-service">
                Profile service
              </label>
              <input
                id="deletion-profile-service"
                className="input"
                placeholder="Service"
                autoComplete="off"
                aria-describedby={handle['aria-describedby']}
                {...form.register('profileService')}
              />
              <label className="visually-hidden" htmlFor="deletion-profile-handle">
                Profile handle
              </label>
              <input
                id="deletion-profile-handle"
                className="input"
                placeholder="Handle"
                autoComplete="off"
                aria-invalid={handle['aria-invalid']}
                aria-describedby={handle['aria-describedby']}
                {...form.register('profileHandle')}
              />
            </div>
            {handle.hint}
          </fieldset>
        </div>
        {remove.error ? (
          <ErrorCallout title="Nothing was deleted">
            {remove.error.message}
            {remove.error instanceof ConsoleApiError && remove.error.requestId ? (
              <span className="muted"> (request {remove.error.requestId})</span>
            ) : null}
          </ErrorCallout>
        ) : null}
        <Button type="submit" variant="danger">
          Review deletion…
        </Button>
      </form>
      <Dialog
        open={confirming !== null}
        onClose={() => {
          setConfirming(null);
          const focus = focusAfterClose.current;
          focusAfterClose.current = null;
          focus?.();
        }}
        title="Delete this person's data for good?"
      >
        {confirming ? (
          <>
            <p>
              You are about to delete <strong>{summary(confirming)}</strong>. This cannot be undone.
            </p>
            <ul className={styles.consequences}>
              <li>
                What this workspace contributed about them is erased: its observations, links, breach, carrier
                and profile records, and this workspace's Verify sessions that hold them. Other workspaces'
                records and sessions stay.
              </li>
              <li>
                Only keyed hashes are kept, so this workspace's Verify answers 410 <code>DATA_DELETED</code>{' '}
                for them and its calls and feeds cannot bring them back.
              </li>
              <li>The request is recorded in the audit log, without the identifiers.</li>
            </ul>
            <div className="dialog-actions">
              <Button onClick={() => setConfirming(null)} disabled={remove.isPending}>
                Cancel
              </Button>
              <Button variant="danger" busy={remove.isPending} onClick={() => remove.mutate(confirming)}>
                Delete permanently
              </Button>
            </div>
          </>
        ) : null}
      </Dialog>
    </Card>
  );
}

/** What was erased, per table; the form moves focus to its heading so the outcome is announced. */
function DeletionResultCallout({
  result,
  headingRef,
  onDone,
}: {
  result: DeletionResult;
  headingRef: RefObject<HTMLParagraphElement | null>;
  onDone: () => void;
}) {
  const total = DELETION_TABLES.reduce((sum, table) => sum + result.deleted[table], 0);

  return (
    <div className="callout callout-success" aria-live="polite">
      <p className="callout-title" tabIndex={-1} ref={headingRef}>
        Deletion recorded: {total} {total === 1 ? 'row' : 'rows'} erased
      </p>
      <p>
        {result.tombstones} new {result.tombstones === 1 ? 'tombstone' : 'tombstones'} (keyed hashes) keep
        these identifiers out of this workspace from now on.
      </p>
      <div className={`inline ${styles.request}`}>
        <span className="muted">Request</span>
        <code>{result.requestId}</code>
        <CopyButton text={result.requestId} label="Copy request id" />
      </div>
      <div className="table-wrap">
        <table className={`table ${styles.counts}`}>
          <caption className="visually-hidden">Rows erased per table</caption>
          <thead>
            <tr>
              <th scope="col">Stored as</th>
              <th scope="col" className={styles.number}>
                Erased
              </th>
            </tr>
          </thead>
          <tbody>
            {DELETION_TABLES.map((table) => (
              <tr key={table}>
                <th scope="row">{TABLE_LABELS[table]}</th>
                <td className={styles.number}>{result.deleted[table].toLocaleString()}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div>
        <Button size="sm" onClick={onDone}>
          Dismiss
        </Button>
      </div>
    </div>
  );
}
