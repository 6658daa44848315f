import { Badge } from '@/components/ui/badge';
import type { ListFreshness } from '@/lib/engine/lists/freshness';
import { formatListDate, listAgeText, listWarningText } from './list-age-text';
import styles from './lists.module.css';

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
