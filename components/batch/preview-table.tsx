import type { ParsedBatch } from './parse-csv';
import { rowLabel, rowRequest } from './row-request';
import { RowStatus } from './row-status';
import { ScrollBox } from './scroll-box';
import type { RowState } from './types';

const PREVIEW_ROWS = 10;

/** Which request fields a row fills, e.g. "emails (2), name, location". */
function fieldsOf(row: readonly string[], batch: ParsedBatch): string {
  const request = rowRequest(row, batch.mapping);
  return Object.entries(request)
    .map(([key, value]) => (Array.isArray(value) && value.length > 1 ? `${key} (${value.length})` : key))
    .join(', ');
}

interface RowsTableProps {
  batch: ParsedBatch;
  rows: readonly RowState[];
  indices: readonly number[];
  caption: string;
}

function RowsTable({ batch, rows, indices, caption }: RowsTableProps) {
  return (
    <ScrollBox>
      <table className="table batch-table table-cards">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Row</th>
            <th scope="col">Applicant</th>
            <th scope="col">Sent as</th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {indices.map((index) => {
            const row = batch.rows[index] ?? [];
            const state = rows[index];
            return (
              <tr key={index}>
                <td data-label="Row">{index + 1}</td>
                <td data-label="Applicant" className="batch-applicant">
                  {rowLabel(row, batch.mapping)}
                </td>
                <td data-label="Sent as">{fieldsOf(row, batch) || <span className="muted">nothing</span>}</td>
                <td data-label="Status">{state ? <RowStatus row={state} /> : null}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </ScrollBox>
  );
}

/** The first rows as they will be sent, and every row the parser refuses. */
export function PreviewTable({ batch, rows }: { batch: ParsedBatch; rows: readonly RowState[] }) {
  const first = batch.rows.slice(0, PREVIEW_ROWS).map((_, index) => index);
  const laterInvalid = rows.flatMap((row, index) =>
    index >= PREVIEW_ROWS && row.status === 'invalid' ? [index] : [],
  );
  return (
    <>
      <RowsTable batch={batch} rows={rows} indices={first} caption={`The first ${first.length} rows`} />
      {laterInvalid.length > 0 ? (
        <details className="batch-more-errors">
          <summary>
            {laterInvalid.length} more {laterInvalid.length === 1 ? 'row has' : 'rows have'} errors
          </summary>
          <RowsTable batch={batch} rows={rows} indices={laterInvalid} caption="Further rows with errors" />
        </details>
      ) : null}
    </>
  );
}
