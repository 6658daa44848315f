import Link from 'next/link';
import type { ReactNode } from 'react';
import { DecisionBadge } from '@/components/decisions/decision-badge';
import { OutcomeBadge } from '@/components/decisions/outcome-badge';
import { MaskedInputs } from './masked-inputs';
import { RelativeTime } from './relative-time';
import { RiskValue } from './risk-value';
import type { SessionListItem } from './session-types';
import styles from './sessions.module.css';

/**
 * One row per session; the whole row opens it (the link sits in the first cell). `actions` adds a
 * last cell of buttons per row, above the row's link.
 */
export function SessionsTable({
  sessions,
  actions,
}: {
  sessions: SessionListItem[];
  actions?: (session: SessionListItem) => ReactNode;
}) {
  return (
    <div className="table-wrap">
      <table className={`table table-cards ${styles.sessionsTable}`}>
        <caption className="visually-hidden">Sessions of this workspace, most recently active first</caption>
        <thead>
          <tr>
            <th scope="col">Session</th>
            <th scope="col">Last activity</th>
            <th scope="col">Inputs (masked)</th>
            <th scope="col" className={styles.numeric}>
              Calls
            </th>
            <th scope="col">Risk</th>
            <th scope="col">Decision</th>
            {actions ? (
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {sessions.map((session, index) => (
            <tr key={session.id} className={styles.row} data-row={index}>
              <td>
                <Link href={`/sessions/${session.id}`} className={styles.rowLink} prefetch={false}>
                  <span className="visually-hidden">Session </span>
                  <code className={styles.sessionId}>{session.id}</code>
                </Link>
              </td>
              <td data-label="Last activity">
                <RelativeTime iso={session.updatedAt} />
              </td>
              <td data-label="Inputs">
                <MaskedInputs inputs={session.inputs} limit={4} />
              </td>
              <td data-label="Calls" className={styles.numeric}>
                {session.calls}
              </td>
              <td data-label="Risk">
                <RiskValue risk={session.risk} band={session.band} />
              </td>
              <td data-label="Decision">
                {/* An analyst's decision in force, else what the workspace's rules decided. */}
                {session.decision === null && session.outcome !== null ? (
                  <OutcomeBadge outcome={session.outcome} />
                ) : (
                  <DecisionBadge decision={session.decision?.decision ?? null} />
                )}
              </td>
              {actions ? <td className={styles.rowAction}>{actions(session)}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
