'use client';

import { type ReactNode, useId } from 'react';
import { Button } from '@/components/ui/button';
import { formatDateTime } from '@/components/ui/dates';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { EmailCard } from './email-card';
import { plural } from './format';
import { LinkedIdentifiers } from './linked-identifiers';
import { NameSummary } from './name-summary';
import styles from './signals.module.css';
import { SignalsError } from './signals-error';
import { useSignals } from './signals-queries';
import {
  isPersonAnswer,
  type PatternEmailEntry,
  type PatternInterval,
  type SignalsAnswer,
} from './signals-types';

const hasEntries = (value: unknown) => Array.isArray(value) && value.length > 0;

/** What a screen reader hears when an answer arrives. */
function announcement(answer: SignalsAnswer | null | undefined): string {
  if (answer === undefined) return '';
  if (answer === null) return 'Signals: the identity graph knows nothing about these identifiers yet.';
  if (!isPersonAnswer(answer)) return `Signals: ${plural(answer.emails.length, 'email')}.`;
  return `Signals: ${plural(answer.emails.length, 'email')}, ${plural(answer.phones.length, 'phone')}, ${plural(
    answer.socialProfiles.length,
    'profile',
  )}, ${plural(answer.locations.length, 'location')}.`;
}

/**
 * What the identity graph holds for a Signals request: a card per email (seen, confidence,
 * activity sparklines) and the linked phones, profiles, locations, IPs and employers.
 * `request` is the POST /signals body; null before the first run.
 */
export function SignalsPanel({ request }: { request: Record<string, unknown> | null }) {
  const headingId = useId();
  const signals = useSignals(request);
  if (request === null) return null;

  const interval = (
    typeof request.patternInterval === 'string' ? request.patternInterval : null
  ) as PatternInterval | null;
  const filtered = hasEntries(request.countries) || hasEntries(request.excludedCountries);

  let body: ReactNode;
  if (signals.isPending) {
    body = (
      <div className={styles.loading}>
        <Skeleton lines={2} label="Loading signals" />
        <div className={`card ${styles.emailCard}`} aria-hidden="true">
          <Skeleton lines={4} label="Loading email" />
        </div>
      </div>
    );
  } else if (signals.isError) {
    body = <SignalsError error={signals.error} onRetry={() => signals.refetch()} />;
  } else if (signals.data === null) {
    body = (
      <EmptyState title="Nothing known yet">
        The identity graph knows nothing about these identifiers yet
        {filtered ? ', or the country filters excluded the person it matched' : ''}. It learns from Verify and
        Signals calls and from ingested events and records.
      </EmptyState>
    );
  } else {
    const answer = signals.data;
    // Person entries have no window keys; reading them as pattern entries gives undefined.
    const emails: PatternEmailEntry[] = answer.emails;
    body = (
      <div className="stack">
        {isPersonAnswer(answer) && answer.name ? <NameSummary name={answer.name} /> : null}
        {emails.length === 0 ? (
          <p className="muted">No email is linked to this person.</p>
        ) : (
          emails.map((entry) => (
            <EmailCard
              key={entry.sha256 ?? entry.md5 ?? entry.sha1 ?? entry.email}
              entry={entry}
              requested={interval ? { interval, summary: entry[interval] } : undefined}
            />
          ))
        )}
        {isPersonAnswer(answer) ? (
          <LinkedIdentifiers answer={answer} />
        ) : (
          <p className="muted">
            With a pattern interval Signals answers per email only; run it without one to see linked phones,
            profiles, locations, IP addresses and employers.
          </p>
        )}
      </div>
    );
  }

  return (
    <section className={styles.panel} aria-labelledby={headingId} aria-busy={signals.isFetching || undefined}>
      <div className={styles.panelHeader}>
        <h2 id={headingId}>Signals</h2>
        {signals.isSuccess ? (
          <span className={styles.panelMeta}>
            <span className="muted">Answered {formatDateTime(signals.dataUpdatedAt)}</span>
            <Button
              size="sm"
              variant="ghost"
              busy={signals.isFetching}
              onClick={() => signals.refetch()}
              title="Ask again (each lookup is recorded as a signals event)"
            >
              Refresh
            </Button>
          </span>
        ) : null}
      </div>
      <p className="visually-hidden" aria-live="polite">
        {signals.isFetching ? '' : announcement(signals.data)}
      </p>
      {body}
    </section>
  );
}
