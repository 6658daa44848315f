// The results CSV: every input row as it was in the file, then what Verify said about it.
import Papa from 'papaparse';
import { CSV_FORMULA } from '@/lib/contract/csv';
import type { RowState } from './types';

export const RESULT_COLUMNS = ['risk', 'band', 'sessionId', 'high_checks', 'med_checks', 'error'] as const;

function outcome(state: RowState | undefined): string[] {
  switch (state?.status) {
    case 'done': {
      const { result } = state;
      return [
        result.risk.toFixed(4),
        result.band,
        result.sessionId,
        result.high.map((check) => check.id).join(' '),
        result.med.map((check) => check.id).join(' '),
        '',
      ];
    }
    case 'invalid':
      return ['', '', '', '', '', state.issues.map((issue) => issue.message).join('; ')];
    case 'failed':
      return ['', '', '', '', '', state.message];
    default:
      return ['', '', '', '', '', 'not verified: the batch was cancelled or stopped before this row'];
  }
}

export function resultsCsv(
  headers: readonly string[],
  rows: readonly string[][],
  states: readonly RowState[],
): string {
  const data = rows.map((row, index) => [
    // Short rows are padded so every line has every column.
    ...headers.map((_, column) => row[column] ?? ''),
    ...outcome(states[index]),
  ]);
  // A file that already has a "risk" column keeps it; ours is then verity_risk.
  const added = RESULT_COLUMNS.map((name) => (headers.includes(name) ? `verity_${name}` : name));
  return Papa.unparse(
    { fields: [...headers, ...added], data },
    { escapeFormulae: CSV_FORMULA, newline: '\r\n' },
  );
}

/** "applicants.csv" → "applicants-results.csv". */
export function resultsFileName(inputName: string): string {
  const base = inputName.replace(/\.(csv|txt|tsv)$/i, '') || 'batch';
  return `${base}-results.csv`;
}
