'use client';

import { useState } from 'react';
import { ScrollRegion } from '@/components/results/scroll-region';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { formatDateTime } from '@/components/ui/dates';
import { Dialog } from '@/components/ui/dialog';
import type { RequestLogRow, StoredProblem } from '@/lib/contract/console/request-log';
import styles from './request-log.module.css';

const statusTone = (status: number): BadgeTone =>
  status >= 500 ? 'danger' : status >= 400 ? 'warning' : 'success';

const keyLabel = (row: RequestLogRow) =>
  row.keyStart === null ? 'Deleted key' : `${row.keyName ?? 'Unlabelled key'} (${row.keyStart}…)`;

/** The problem's members in the order the API answers them (jsonb keeps its own order). */
function asAnswered(problem: StoredProblem): string {
  const { type, title, status, code, detail, errors } = problem;
  return JSON.stringify({ type, title, status, code, detail, errors }, null, 2);
}

/** One call in full: its identifiers with copy buttons and its problem body as the caller got it. */
function CallDetails({ row, onClose }: { row: RequestLogRow; onClose: () => void }) {
  return (
    <Dialog open onClose={onClose} title={`${row.method} ${row.operation} · ${row.status}`}>
      <dl className={styles.facts}>
        <dt>Request id</dt>
        <dd>
          <code>{row.requestId}</code> <CopyButton text={row.requestId} label="Copy request id" />
        </dd>
        <dt>Time (UTC)</dt>
        <dd>
          <code>{row.createdAt}</code>
        </dd>
        <dt>Latency</dt>
        <dd>{row.latencyMs} ms</dd>
        <dt>Key</dt>
        <dd>
          {keyLabel(row)} <code className="muted">{row.keyId}</code>
        </dd>
      </dl>
      {row.problem ? (
        <>
          <h3 className={styles.subhead}>Problem body</h3>
          <p className="muted">
            As answered, less the request id and any text quoted from the request (shown as "…"): the log
            keeps no personal data.
          </p>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1) */}
          <section className={styles.problem} tabIndex={0} aria-label="Problem body">
            <pre>{asAnswered(row.problem)}</pre>
          </section>
          <CopyButton text={asAnswered(row.problem)} label="Copy problem body" />
        </>
      ) : (
        <p className="muted">A successful answer: the log keeps no body.</p>
      )}
      <div className="dialog-actions">
        <Button onClick={onClose}>Close</Button>
      </div>
    </Dialog>
  );
}

/** Logged calls, newest first: when, which operation, what status, which key; each opens its details. */
export function RequestLogTable({ rows }: { rows: RequestLogRow[] }) {
  const [open, setOpen] = useState<RequestLogRow | null>(null);
  return (
    <>
      <ScrollRegion label="Logged API calls">
        <table className="table table-cards">
          <caption className="visually-hidden">API calls of this workspace, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Time</th>
              <th scope="col">Operation</th>
              <th scope="col">Status</th>
              <th scope="col">Latency</th>
              <th scope="col">Key</th>
              <th scope="col">Request id</th>
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
                <td data-label="Operation">
                  <code>{row.operation}</code>
                </td>
                <td data-label="Status">
                  <Badge tone={statusTone(row.status)}>{row.status}</Badge>
                  {row.problemCode ? <code className={styles.code}>{row.problemCode}</code> : null}
                </td>
                <td data-label="Latency">{row.latencyMs} ms</td>
                <td data-label="Key">{keyLabel(row)}</td>
                <td data-label="Request id" className={styles.id}>
                  <button
                    type="button"
                    className={styles.open}
                    onClick={() => setOpen(row)}
                    aria-label={`Details of request ${row.requestId}`}
                  >
                    <code>{row.requestId}</code>
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      {open ? <CallDetails row={open} onClose={() => setOpen(null)} /> : null}
    </>
  );
}
