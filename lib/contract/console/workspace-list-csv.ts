// A workspace's lists as CSV (issue 33): the columns the console's import reads and its export
// writes, and the reading of a file into entries checked with the one entry schema, each row
// kept with its line so a rejection (the browser's or the server's) names the line to fix.
// Browser-safe: the console parses the file before anything is sent, the CLI reads it the same way.
import Papa from 'papaparse';
import { CSV_FORMULA } from '@/lib/contract/csv';
import { type ListEntryBody, type ListEntryInputBody, listEntryInputSchema } from './workspace-lists';

/** What an import reads; an export writes these first, then who added the entry and when. */
export const LIST_CSV_COLUMNS = ['list', 'kind', 'value', 'reason', 'expires_at'] as const;
export const LIST_EXPORT_COLUMNS = [...LIST_CSV_COLUMNS, 'created_by', 'created_at'] as const;
export type ListCsvColumn = (typeof LIST_CSV_COLUMNS)[number];

/** The most data rows one import reads (a hundred POSTs of MAX_ENTRIES_PER_REQUEST). */
export const MAX_IMPORT_ROWS = 100_000;

/** One row of the file, ready to send, with its line (the header is line 1). */
export interface CsvEntry {
  line: number;
  entry: ListEntryInputBody;
}

/** A row refused, by line and CSV column (or `row` when the row's shape is wrong). */
export interface CsvRejection {
  line: number;
  field: ListCsvColumn | 'row';
  message: string;
}

export type ListCsvOutcome =
  | {
      ok: true;
      valid: CsvEntry[];
      rejected: CsvRejection[];
      /** Header cells that are no column an import reads (an export's created_by, …). */
      ignored: string[];
    }
  | { ok: false; message: string };

const FIELD_COLUMN: Record<string, ListCsvColumn> = {
  list: 'list',
  kind: 'kind',
  value: 'value',
  reason: 'reason',
  expiresAt: 'expires_at',
};

/** The CSV column of an entry field as the API names it (`expiresAt` → `expires_at`). */
export const csvColumn = (field: string): ListCsvColumn | 'row' => FIELD_COLUMN[field] ?? 'row';

/** A calendar day alone means the end of that day, UTC, as the console's form reads it. */
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const readExpiry = (cell: string): string | null => {
  const text = cell.trim();
  if (text === '') return null;
  return DAY.test(text) ? `${text}T23:59:59Z` : text;
};

/** The export quotes cells a spreadsheet would run (`'=…`); the import takes them back. */
const unquoteFormula = (cell: string) => cell.replace(/^'(?=[=@+\-\t\r])/, '');

/**
 * Reads a list CSV: a header naming at least list, kind, value and reason (any order, any case),
 * then one entry per line. Every row is checked with the entry schema; the value itself is read
 * per kind by the server, which reports what it refuses by the row's position.
 */
export function parseListCsv(text: string): ListCsvOutcome {
  const result = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), {
    header: false,
    preview: MAX_IMPORT_ROWS + 2,
  });
  const quoteError = result.errors.find((error) => error.type === 'Quotes');
  if (quoteError)
    return {
      ok: false,
      message: `The file is not valid CSV: ${quoteError.message} (line ${(quoteError.row ?? 0) + 1}).`,
    };
  // Lines are counted over every record, blank ones too, so they match the file in an editor.
  const records = result.data.map((cells, index) => ({ line: index + 1, cells }));
  const filled = records.filter(({ cells }) => cells.some((cell) => cell.trim() !== ''));
  const [header, ...rows] = filled;
  if (!header) return { ok: false, message: 'The file is empty: it needs a header row and entries.' };
  const names = header.cells.map((cell) => cell.trim().toLowerCase());
  const position = new Map<ListCsvColumn, number>();
  const ignored: string[] = [];
  names.forEach((name, index) => {
    const column = LIST_CSV_COLUMNS.find((candidate) => candidate === name);
    if (column && !position.has(column)) position.set(column, index);
    else if (name !== '') ignored.push(header.cells[index]?.trim() ?? name);
  });
  const missing = LIST_CSV_COLUMNS.filter((column) => column !== 'expires_at' && !position.has(column));
  if (missing.length > 0)
    return {
      ok: false,
      message: `The header row needs the columns ${LIST_CSV_COLUMNS.join(', ')} (expires_at may be left out); missing: ${missing.join(', ')}.`,
    };
  if (rows.length === 0) return { ok: false, message: 'The file has a header row but no entries.' };
  if (rows.length > MAX_IMPORT_ROWS)
    return {
      ok: false,
      message: `The file has more than ${MAX_IMPORT_ROWS.toLocaleString('en-US')} entries: split it into smaller files.`,
    };
  const cell = (cells: string[], column: ListCsvColumn) => {
    const index = position.get(column);
    return index === undefined ? '' : unquoteFormula(cells[index] ?? '');
  };
  const valid: CsvEntry[] = [];
  const rejected: CsvRejection[] = [];
  for (const { line, cells } of rows) {
    const parsed = listEntryInputSchema.safeParse({
      list: cell(cells, 'list').trim().toLowerCase(),
      kind: cell(cells, 'kind').trim().toLowerCase(),
      value: cell(cells, 'value'),
      reason: cell(cells, 'reason'),
      expiresAt: readExpiry(cell(cells, 'expires_at')),
    });
    if (parsed.success) valid.push({ line, entry: parsed.data });
    else
      for (const issue of parsed.error.issues)
        rejected.push({ line, field: csvColumn(String(issue.path[0] ?? '')), message: issue.message });
  }
  return { ok: true, valid, rejected, ignored };
}

/** The header row of an export. */
export const listCsvHeader = (): string => `${LIST_EXPORT_COLUMNS.join(',')}\r\n`;

/** Entries as CSV lines (no header), cells a spreadsheet would run as formulas quoted. */
export function listCsvRows(entries: readonly ListEntryBody[]): string {
  if (entries.length === 0) return '';
  const data = entries.map((entry) => [
    entry.list,
    entry.kind,
    entry.value,
    entry.reason,
    entry.expiresAt ?? '',
    entry.createdBy,
    entry.createdAt,
  ]);
  return `${Papa.unparse(data, { escapeFormulae: CSV_FORMULA, newline: '\r\n' })}\r\n`;
}
