import { ScrollRegion } from '@/components/results/scroll-region';
import { formatDateTime } from '@/components/ui/dates';
import type { AuditRow } from '@/lib/contract/console/audit';
import styles from './audit.module.css';

/**
 * A row's metadata as `key: value` pairs by key (the database keeps its own order), values as
 * JSON unless they are plain text.
 */
function details(metadata: Record<string, unknown>): string {
  return Object.entries(metadata)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(', ');
}

/**
 * Details longer than this fold behind a disclosure showing their start, so a row stays short (at
 * 390 px a deletion's counts made one card 212 px tall); open, the full text takes the start's place.
 */
const FOLD_AT = 96;

function Details({ text }: { text: string }) {
  if (text.length <= FOLD_AT) return <>{text}</>;
  return (
    <details className={styles.more}>
      <summary>
        <span className={styles.start}>{`${text.slice(0, FOLD_AT - 16)}… `}</span>
        <span className={styles.toggle}>
          <span className={styles.closed}>more</span>
          <span className={styles.opened}>less</span>
        </span>
      </summary>
      {text}
    </details>
  );
}

/** Audit rows, newest first: when, who, what, on what, from which request, with what details. */
export function AuditTable({ rows }: { rows: AuditRow[] }) {
  return (
    <ScrollRegion label="Audit log entries">
      <table className="table table-cards">
        <caption className="visually-hidden">Audit log of this workspace, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Time</th>
            <th scope="col">Actor</th>
            <th scope="col">Action</th>
            <th scope="col">Target</th>
            <th scope="col">Request id</th>
            <th scope="col">Details</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={row.id} data-row={index} tabIndex={-1}>
              <td data-label="Time" className={styles.time}>
                <time dateTime={row.createdAt} title={row.createdAt}>
                  {formatDateTime(row.createdAt)}
                </time>
              </td>
              <td data-label="Actor">{row.actorEmail ?? <code>{row.actor}</code>}</td>
              <td data-label="Action">
                <code>{row.action}</code>
              </td>
              <td data-label="Target" className={styles.id}>
                {row.targetLabel ? (
                  <>
                    {row.targetLabel}
                    <br />
                    <code className="muted">{row.targetId}</code>
                  </>
                ) : row.targetId ? (
                  <code>{row.targetId}</code>
                ) : (
                  <span className="muted">—</span>
                )}
              </td>
              <td data-label="Request id" className={styles.id}>
                {row.requestId ? <code>{row.requestId}</code> : <span className="muted">—</span>}
              </td>
              <td data-label="Details" className={styles.details}>
                <Details text={details(row.metadata)} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
