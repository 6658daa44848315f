'use client';

import { useId } from 'react';
import { Badge } from '@/components/ui/badge';
import { CopyButton } from '@/components/ui/copy-button';
import { ActivitySection } from './activity-section';
import { formatCount, INTERVAL_LABELS, plural, shortHash } from './format';
import { SeenFacts } from './seen-facts';
import { SessionsLink } from './sessions-link';
import styles from './signals.module.css';
import {
  type EmailEntry,
  emailLookupKey,
  eventLabel,
  type IntervalSummary,
  type PatternInterval,
} from './signals-types';

interface EmailCardProps {
  entry: EmailEntry;
  /** The window the request asked for (patternInterval) and the answer's summary of it. */
  requested?: { interval: PatternInterval; summary: IntervalSummary | undefined };
}

function hashes(entry: EmailEntry) {
  return [
    { name: 'SHA-256', value: entry.sha256 },
    { name: 'SHA1', value: entry.sha1 },
    { name: 'MD5', value: entry.md5 },
  ].filter((hash): hash is { name: string; value: string } => typeof hash.value === 'string');
}

/** One email: the address or its hash, when it was seen, how sure the graph is, its activity. */
export function EmailCard({ entry, requested }: EmailCardProps) {
  const titleId = useId();
  const activityId = useId();
  const forms = hashes(entry);
  const primary = forms[0];
  const title = entry.email ?? (primary ? `${primary.name} ${shortHash(primary.value)}` : 'Hashed email');

  return (
    <article className={`card ${styles.emailCard}`} aria-labelledby={titleId}>
      <header className={styles.emailHeader}>
        <div className={styles.emailTitle}>
          <h3 id={titleId} title={entry.email ?? primary?.value}>
            {title}
          </h3>
          {entry.email ? null : <Badge>Hashed</Badge>}
        </div>
        {entry.email ? (
          <span className="inline">
            <CopyButton text={entry.email} label="Copy email" />
            <SessionsLink query={entry.email} subject={entry.email} />
          </span>
        ) : primary ? (
          <CopyButton text={primary.value} label={`Copy ${primary.name}`} />
        ) : null}
      </header>

      <SeenFacts seen={entry} subject={title} />

      {forms.length > 0 ? (
        <details className={styles.hashes}>
          <summary>Hashes</summary>
          <dl>
            {forms.map((hash) => (
              <div key={hash.name} className={styles.hashRow}>
                <dt>{hash.name}</dt>
                <dd>
                  <code>{hash.value}</code>
                  <CopyButton text={hash.value} label={`Copy ${hash.name}`} />
                </dd>
              </div>
            ))}
          </dl>
        </details>
      ) : null}

      {requested ? <RequestedWindow {...requested} /> : null}

      <ActivitySection email={emailLookupKey(entry)} headingId={activityId} />
    </article>
  );
}

/** The summary of the window the request named, as the Signals answer gave it. */
function RequestedWindow({
  interval,
  summary,
}: {
  interval: PatternInterval;
  summary: IntervalSummary | undefined;
}) {
  const observations = summary?.observations ?? 0;
  return (
    <p className={styles.requested}>
      <strong>{INTERVAL_LABELS[interval]}:</strong> {plural(observations, 'observation')} from{' '}
      {plural(summary?.sources ?? 0, 'source')}
      {summary?.events && summary.events.length > 0
        ? ` (${summary.events.map((e) => `${eventLabel(e.type)} ${formatCount(e.observations)}`).join(', ')})`
        : null}
    </p>
  );
}
