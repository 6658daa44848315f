import { Badge } from '@/components/ui/badge';
import { formatDateTime } from '@/components/ui/dates';
import { DECISION_LABEL } from '@/lib/contract/console/decisions';
import { DECISION_TONE, type DecisionRecord } from './decision-types';
import styles from './decisions.module.css';
import { formatUtc } from './format-utc';

/** Every decision and note on a session, newest first; the first is the one in force. */
export function DecisionHistoryList({
  decisions,
  absolute,
}: {
  decisions: DecisionRecord[];
  absolute?: boolean;
}) {
  if (decisions.length === 0) return <p className="muted">No decision yet.</p>;
  return (
    <ol className={styles.history}>
      {decisions.map((record, index) => (
        <li key={record.id} className={styles.historyItem}>
          <div className={styles.historyHead}>
            <Badge tone={DECISION_TONE[record.decision]}>{DECISION_LABEL[record.decision]}</Badge>
            <strong>{record.reason}</strong>
            {index === 0 ? <span className="muted">(in force)</span> : null}
          </div>
          {record.note ? <p className={styles.note}>{record.note}</p> : null}
          <p className={`muted ${styles.meta}`}>
            {record.actor.email ?? record.actor.id} ·{' '}
            {/* The console's one date format (the Sessions list's); a printed case file states UTC. */}
            <time dateTime={record.createdAt} title={record.createdAt}>
              {absolute ? formatUtc(record.createdAt) : formatDateTime(record.createdAt)}
            </time>{' '}
            · <code>{record.id}</code> · request <code>{record.requestId}</code>
          </p>
        </li>
      ))}
    </ol>
  );
}
