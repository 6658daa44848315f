// A CSV file to batch rows: the header row mapped to request fields, the data rows as text,
// at most MAX_BATCH_ROWS of them.
import Papa from 'papaparse';
import { type ColumnName, columnFor, MAX_BATCH_ROWS } from './columns';

export interface ParsedBatch {
  /** The header row as written in the file (kept for the results CSV). */
  headers: string[];
  /** Per header, the column it maps to; null when ignored. */
  mapping: (ColumnName | null)[];
  /** Headers that map to no column. */
  ignored: string[];
  /** Headers that repeat a column already mapped (the first one wins). */
  duplicates: string[];
  rows: string[][];
  /** The file had more data rows than MAX_BATCH_ROWS; only the first ones were kept. */
  truncated: boolean;
}

export type ParseOutcome = { ok: true; batch: ParsedBatch } | { ok: false; message: string };

const isBlankRow = (row: readonly string[]): boolean => row.every((cell) => cell.trim() === '');

/** Parses CSV text (comma, semicolon or tab separated; the delimiter is detected). */
export function parseBatchCsv(text: string): ParseOutcome {
  const result = Papa.parse<string[]>(text, {
    header: false,
    skipEmptyLines: 'greedy',
    // The header, the rows kept, and one more to tell that there were more.
    preview: MAX_BATCH_ROWS + 2,
  });
  const [headerRow, ...dataRows] = result.data.filter((row) => !isBlankRow(row));
  if (!headerRow)
    return { ok: false, message: 'The file is empty: it needs a header row and at least one row.' };
  const quoteError = result.errors.find((error) => error.type === 'Quotes');
  if (quoteError) {
    return {
      ok: false,
      message: `The file is not valid CSV: ${quoteError.message} (data row ${(quoteError.row ?? 0) + 1}).`,
    };
  }
  const headers = headerRow.map((header) => header.replace(/^\uFEFF/, '').trim());
  const seen = new Set<ColumnName>();
  const ignored: string[] = [];
  const duplicates: string[] = [];
  const mapping = headers.map((header) => {
    const column = columnFor(header);
    if (column === null) {
      if (header !== '') ignored.push(header);
      return null;
    }
    if (seen.has(column)) {
      duplicates.push(header);
      return null;
    }
    seen.add(column);
    return column;
  });
  if (seen.size === 0) {
    return {
      ok: false,
      message:
        `No column of the file is one the batch reads (found: ${headers.join(', ') || 'nothing'}). ` +
        'The first row must be a header such as email, phone, first_name, last_name; see the column guide.',
    };
  }
  if (dataRows.length === 0)
    return { ok: false, message: 'The file has a header row but no rows to verify.' };
  return {
    ok: true,
    batch: {
      headers,
      mapping,
      ignored,
      duplicates,
      rows: dataRows.slice(0, MAX_BATCH_ROWS),
      truncated: dataRows.length > MAX_BATCH_ROWS,
    },
  };
}
