'use client';

import Link from 'next/link';
import { useId, useState } from 'react';
import { BAND_LABEL, BAND_TONE } from '@/components/results/risk-style';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import type { RiskBand } from '@/lib/engine/risk';
import type { ParsedBatch } from './parse-csv';
import { rowLabel } from './row-request';
import { RowStatus } from './row-status';
import { ScrollBox } from './scroll-box';
import type { CheckBrief, RowState } from './types';

type Filter = 'all' | RiskBand | 'failed';

const FILTERS: { value: Filter; label: string }[] = [
  { value: 'all', label: 'All verified and failed rows' },
  { value: 'high', label: 'High risk' },
  { value: 'medium', label: 'Medium risk' },
  { value: 'low', label: 'Low risk' },
  { value: 'failed', label: 'Failed' },
];

const PAGE = 100;

function matches(row: RowState, filter: Filter): boolean {
  if (row.status !== 'done' && row.status !== 'failed') return false;
  if (filter === 'all') return true;
  if (filter === 'failed') return row.status === 'failed';
  return row.status === 'done' && row.result.band === filter;
}

function TopChecks({ high, med }: { high: CheckBrief[]; med: CheckBrief[] }) {
  const top = [
    ...high.map((check) => ({ check, level: 'HIGH' as const })),
    ...med.map((check) => ({ check, level: 'MED' as const })),
  ].slice(0, 3);
  if (top.length === 0) return <span className="muted">None at HIGH or MED</span>;
  return (
    <ul className="batch-checks">
      {top.map(({ check, level }) => (
        <li key={check.id}>
          <Badge tone={level === 'HIGH' ? 'danger' : 'warning'}>{level}</Badge>{' '}
          <span title={check.id}>{check.name}</span> <span className="muted">({check.state})</span>
        </li>
      ))}
    </ul>
  );
}

/** Every row that ran: its risk, band, most telling checks and session. */
export function ResultsTable({ batch, rows }: { batch: ParsedBatch; rows: readonly RowState[] }) {
  const [filter, setFilter] = useState<Filter>('all');
  const [shown, setShown] = useState(PAGE);
  const filterId = useId();
  const indices = rows.flatMap((row, index) => (matches(row, filter) ? [index] : []));
  const visible = indices.slice(0, shown);

  return (
    <>
      <div className="field batch-filter">
        <label htmlFor={filterId}>Show</label>
        <select
          id={filterId}
          className="select"
          value={filter}
          onChange={(event) => {
            setFilter(event.target.value as Filter);
            setShown(PAGE);
          }}
        >
          {FILTERS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      {indices.length === 0 ? (
        <p className="muted">No rows {filter === 'all' ? 'have been verified yet' : 'match this filter'}.</p>
      ) : (
        <ScrollBox>
          <table className="table batch-table table-cards">
            <caption className="visually-hidden">Verify results per row</caption>
            <thead>
              <tr>
                <th scope="col">Row</th>
                <th scope="col">Applicant</th>
                <th scope="col">Risk</th>
                <th scope="col">Band</th>
                <th scope="col">Top HIGH and MED checks</th>
                <th scope="col">Session</th>
              </tr>
            </thead>
            <tbody>
              {visible.map((index) => {
                const row = rows[index];
                const label = rowLabel(batch.rows[index] ?? [], batch.mapping);
                if (row?.status === 'done') {
                  const { result } = row;
                  return (
                    <tr key={index}>
                      <td data-label="Row">{index + 1}</td>
                      <td data-label="Applicant" className="batch-applicant">
                        {label}
                      </td>
                      <td data-label="Risk" className="batch-risk">
                        {result.risk.toFixed(2)}
                      </td>
                      <td data-label="Band">
                        <Badge tone={BAND_TONE[result.band]}>{BAND_LABEL[result.band]}</Badge>
                      </td>
                      <td data-label="Top checks">
                        <TopChecks high={result.high} med={result.med} />
                      </td>
                      <td data-label="Session">
                        <Link href={`/sessions/${encodeURIComponent(result.sessionId)}`} prefetch={false}>
                          <code className="batch-session">{result.sessionId}</code>
                        </Link>
                      </td>
                    </tr>
                  );
                }
                return (
                  <tr key={index}>
                    <td data-label="Row">{index + 1}</td>
                    <td data-label="Applicant" className="batch-applicant">
                      {label}
                    </td>
                    <td data-label="Status" colSpan={4}>
                      {row ? <RowStatus row={row} /> : null}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </ScrollBox>
      )}
      {indices.length > visible.length ? (
        <div className="inline batch-more">
          <span className="muted">
            Showing {visible.length} of {indices.length}. The results CSV has every row.
          </span>
          <Button size="sm" onClick={() => setShown((value) => value + PAGE)}>
            Show {Math.min(PAGE, indices.length - visible.length)} more
          </Button>
        </div>
      ) : null}
    </>
  );
}
