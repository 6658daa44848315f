import { Badge } from '@/components/ui/badge';
import { formatListAge, formatMaxAge, type ListFreshness } from '@/lib/engine/lists/freshness';
import styles from './lists.module.css';

/** The date a list's age counts from, as people read it: a calendar date (UTC, as published). */
export function formatListDate(freshness: ListFreshness): string {
  return freshness.since.toLocaleDateString(undefined, { dateStyle: 'medium', timeZone: 'UTC' });
}

/** "3 days old" (or "at least 3 days old" for an undated list), its date in a <time>. */
export function listAgeText(freshness: ListFreshness): string {
  return `${freshness.dated === 'imported' ? 'at least ' : ''}${formatListAge(freshness.ageMs)} old`;
}

/** The warning of a stale or undated list, as one short phrase; null when there is none. */
export function listWarningText(freshness: ListFreshness): string | null {
  if (freshness.warning === 'stale' && freshness.maxAgeMs !== null) {
    return `Stale: ${formatMaxAge(freshness.maxAgeMs)}`;
  }
  if (freshness.warning === 'undated') return 'Publication date not stated';
  return null;
}

/** A list's age with the absolute date it counts from, and a warning badge when it is stale or undated. */
export function ListAge({ freshness }: { freshness: ListFreshness }) {
  const warning = listWarningText(freshness);
  const date = formatListDate(freshness);
  return (
    <span className={styles.age}>
      <span>
        {listAgeText(freshness)}{' '}
        <span className="muted">
          ({freshness.dated === 'published' ? 'published' : 'imported'}{' '}
          <time dateTime={freshness.since.toISOString()}>{date}</time>)
        </span>
      </span>
      {warning ? <Badge tone="warning">{warning}</Badge> : null}
    </span>
  );
}
