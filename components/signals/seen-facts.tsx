import { useId } from 'react';
import { formatDateTime, formatRelative } from '@/components/ui/dates';
import { formatCount, formatPercent, plural } from './format';
import styles from './signals.module.css';
import type { Seen } from './signals-types';

/** A moment as both a date and how long ago it was; the exact ISO time on hover. */
export function SeenTime({ ms }: { ms: number | null }) {
  // Known only from records: there is no sighting to date.
  if (ms === null) return <span className="muted">Never seen</span>;
  const iso = new Date(ms).toISOString();
  return (
    <span className={styles.seenTime}>
      <time dateTime={iso} title={iso}>
        {formatDateTime(ms)}
      </time>{' '}
      <span className="muted">({formatRelative(ms)})</span>
    </span>
  );
}

/** How sure the graph is that an identifier belongs to the person: a meter with its number. */
export function ConfidenceMeter({ value, subject }: { value: number; subject?: string }) {
  const id = useId();
  return (
    <span className={styles.confidence}>
      <meter
        id={id}
        min={0}
        max={1}
        low={0.5}
        high={0.8}
        optimum={1}
        value={value}
        aria-label={subject ? `Confidence for ${subject}` : 'Confidence'}
        aria-valuetext={formatPercent(value)}
      />
      <output htmlFor={id}>{formatPercent(value)}</output>
    </span>
  );
}

/** First and last seen, observations and confidence of one identifier. */
export function SeenFacts({ seen, subject }: { seen: Seen; subject: string }) {
  return (
    <dl className={styles.facts}>
      <div>
        <dt>First seen</dt>
        <dd>
          <SeenTime ms={seen.firstSeenMs} />
        </dd>
      </div>
      <div>
        <dt>Last seen</dt>
        <dd>
          <SeenTime ms={seen.lastSeenMs} />
        </dd>
      </div>
      <div>
        <dt>Observations</dt>
        <dd>{formatCount(seen.observations)}</dd>
      </div>
      <div>
        <dt>Confidence</dt>
        <dd>
          <ConfidenceMeter value={seen.confidence} subject={subject} />
        </dd>
      </div>
    </dl>
  );
}

/** One line for a linked identifier: last seen, observations, confidence. */
export function SeenLine({ seen, subject }: { seen: Seen; subject: string }) {
  return (
    <span className={styles.seenLine}>
      {seen.lastSeenMs === null || seen.firstSeenMs === null ? (
        <span>Never seen</span>
      ) : (
        <>
          <span>
            Last seen{' '}
            <time dateTime={new Date(seen.lastSeenMs).toISOString()} title={formatDateTime(seen.lastSeenMs)}>
              {formatRelative(seen.lastSeenMs)}
            </time>
          </span>
          <span>First seen {formatDateTime(seen.firstSeenMs)}</span>
        </>
      )}
      <span>{plural(seen.observations, 'observation')}</span>
      <ConfidenceMeter value={seen.confidence} subject={subject} />
    </span>
  );
}
