'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ConsoleApiError, consoleFetch } from '@/components/data/console-fetch';
import { Button } from '@/components/ui/button';
import { ProblemCallout } from '@/components/ui/problem-callout';
import {
  type CsvEntry,
  type CsvRejection,
  csvColumn,
  LIST_CSV_COLUMNS,
  type ListCsvOutcome,
  MAX_IMPORT_ROWS,
  parseListCsv,
} from '@/lib/contract/console/workspace-list-csv';
import { type ListEntryBody, MAX_ENTRIES_PER_REQUEST } from '@/lib/contract/console/workspace-lists';
import { ENTRIES_QUERY } from './edit-entry-dialog';
import styles from './lists.module.css';

const TEMPLATE = `${LIST_CSV_COLUMNS.join(',')}\r\nblock,email_domain,maildrop.cc,Disposable domain,2099-12-31\r\nallow,email,vip@example.com,Known customer,\r\n`;
const TEMPLATE_HREF = `data:text/csv;charset=utf-8,${encodeURIComponent(TEMPLATE)}`;
/** Rejections listed on the page; the count says how many more there are. */
const SHOWN_REJECTIONS = 100;

interface AddAnswer {
  saved: ListEntryBody[];
  rejected: { path: string; message: string }[];
}

interface ImportResult {
  sent: number;
  saved: number;
  rejected: CsvRejection[];
}

const REFUSAL_PATH = /^entries\.(\d+)\.(\w+)$/;

/** The server's refusals of one page of rows, by the file's lines. */
function refusalsByLine(chunk: readonly CsvEntry[], refusals: readonly { path: string; message: string }[]) {
  return refusals.map((refusal): CsvRejection => {
    const [, index = '', field = ''] = REFUSAL_PATH.exec(refusal.path) ?? [];
    return {
      line: chunk[Number(index)]?.line ?? 0,
      field: csvColumn(field),
      message: refusal.message.replace(/^entries\.\d+\.\w+: /, ''),
    };
  });
}

function Rejections({ caption, rows }: { caption: string; rows: readonly CsvRejection[] }) {
  return (
    <div className="table-wrap">
      <table className="table table-cards">
        <caption className={styles.caption}>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Line</th>
            <th scope="col">Column</th>
            <th scope="col">Problem</th>
          </tr>
        </thead>
        <tbody>
          {rows.slice(0, SHOWN_REJECTIONS).map((row) => (
            // A line may have a problem in several columns, each said once.
            <tr key={`${row.line}:${row.field}:${row.message}`}>
              <td data-label="Line">{row.line}</td>
              <td data-label="Column">
                <code>{row.field}</code>
              </td>
              <td data-label="Problem">{row.message}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {rows.length > SHOWN_REJECTIONS ? (
        <p className="muted">And {(rows.length - SHOWN_REJECTIONS).toLocaleString('en-US')} more.</p>
      ) : null}
    </div>
  );
}

const count = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/**
 * Bulk import of list entries from a CSV file: the file is read and checked in this browser, a
 * preview shows what will be sent and what is refused by line; the valid rows then go to the
 * server in pages, and what the server refuses (a value wrong for its kind) is shown by line too.
 * An entry already on the list takes the file's reason and expiry; nothing else is touched.
 */
export function ListCsvImport() {
  const queryClient = useQueryClient();
  const inputId = useId();
  const [file, setFile] = useState<{ name: string; outcome: ListCsvOutcome } | null>(null);
  const [progress, setProgress] = useState(0);
  const run = useMutation({
    mutationFn: async (rows: readonly CsvEntry[]): Promise<ImportResult> => {
      const result: ImportResult = { sent: 0, saved: 0, rejected: [] };
      setProgress(0);
      for (let start = 0; start < rows.length; start += MAX_ENTRIES_PER_REQUEST) {
        const chunk = rows.slice(start, start + MAX_ENTRIES_PER_REQUEST);
        try {
          const answer = await consoleFetch<AddAnswer>('/api/console/lists/entries', {
            body: { entries: chunk.map((row) => row.entry) },
          });
          result.saved += answer.saved.length;
          result.rejected.push(...refusalsByLine(chunk, answer.rejected));
        } catch (error) {
          // A page with no valid row is a 400 naming each: the import goes on with the next.
          if (!(error instanceof ConsoleApiError && error.status === 400 && error.errors.length > 0)) {
            throw Object.assign(error instanceof Error ? error : new Error(String(error)), {
              partial: result,
            });
          }
          result.rejected.push(...refusalsByLine(chunk, error.errors));
        }
        result.sent += chunk.length;
        setProgress(result.sent);
      }
      return result;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ENTRIES_QUERY }),
  });

  async function choose(picked: File) {
    run.reset();
    setFile({ name: picked.name, outcome: parseListCsv(await picked.text()) });
  }

  const outcome = file?.outcome;
  const valid = outcome?.ok ? outcome.valid : [];
  const partial =
    run.error && 'partial' in run.error ? (run.error as Error & { partial: ImportResult }).partial : null;
  const done = run.data;
  // Rows the server stored once because the file gave the same value twice (the last one wins).
  const merged = done ? done.sent - done.saved - new Set(done.rejected.map((r) => r.line)).size : 0;

  return (
    <section className="stack" aria-labelledby="import-heading">
      <h3 id="import-heading" className={styles.addHeading}>
        Import and export CSV
      </h3>
      <p className="muted" id={`${inputId}-hint`}>
        Columns <code>{LIST_CSV_COLUMNS.join(',')}</code> (expires_at may be empty or a day such as
        2026-12-31), up to {MAX_IMPORT_ROWS.toLocaleString('en-US')} rows. The file is checked in this browser
        first; nothing is sent before you confirm. An entry already on a list takes the file's reason and
        expiry.
      </p>
      <div className="inline">
        <label className="btn btn-primary" htmlFor={inputId} aria-disabled={run.isPending || undefined}>
          Choose a CSV file
        </label>
        <input
          id={inputId}
          type="file"
          accept=".csv,.txt,text/csv"
          className="visually-hidden"
          disabled={run.isPending}
          aria-describedby={`${inputId}-hint`}
          onChange={(event) => {
            const picked = event.target.files?.[0];
            // Cleared so choosing the same file again (after fixing it) reads it again.
            event.target.value = '';
            if (picked) void choose(picked);
          }}
        />
        <a className="btn" href="/api/console/lists/entries/export" download>
          Export all entries (CSV)
        </a>
        <a href={TEMPLATE_HREF} download="workspace-lists-template.csv">
          Download a template
        </a>
      </div>
      <div aria-live="polite" className="stack">
        {file && outcome && !outcome.ok ? (
          <p className="callout callout-error" role="alert">
            {file.name}: {outcome.message}
          </p>
        ) : null}
        {file && outcome?.ok && !done && !run.isPending && !partial ? (
          <div className="stack" data-testid="import-preview">
            <p role="status">
              <strong>{file.name}</strong>: {count(valid.length, 'entry', 'entries')} ready to import
              {outcome.rejected.length > 0
                ? `, ${count(new Set(outcome.rejected.map((r) => r.line)).size, 'row')} rejected`
                : ''}
              .{outcome.ignored.length > 0 ? ` Ignored columns: ${outcome.ignored.join(', ')}.` : ''}
            </p>
            {outcome.rejected.length > 0 ? (
              <Rejections caption="Rows that will not be imported" rows={outcome.rejected} />
            ) : null}
            <div className="inline">
              <Button variant="primary" disabled={valid.length === 0} onClick={() => run.mutate(valid)}>
                Import {count(valid.length, 'entry', 'entries')}
              </Button>
              <Button onClick={() => setFile(null)}>Cancel</Button>
            </div>
          </div>
        ) : null}
        {run.isPending ? (
          <p role="status">
            Importing… {progress.toLocaleString('en-US')} of {valid.length.toLocaleString('en-US')} rows sent.
          </p>
        ) : null}
        {done && outcome?.ok ? (
          <div className="stack">
            <p className="callout callout-success" role="status">
              Imported {count(done.saved, 'entry', 'entries')} from {file?.name}.
              {merged > 0
                ? ` ${count(merged, 'row')} repeated a value of the file: stored once, as given last.`
                : ''}
              {done.rejected.length + outcome.rejected.length > 0
                ? ` ${count(new Set([...done.rejected, ...outcome.rejected].map((r) => r.line)).size, 'row')} not imported, listed below.`
                : ''}
            </p>
            {done.rejected.length + outcome.rejected.length > 0 ? (
              <Rejections
                caption="Rows not imported"
                rows={[...outcome.rejected, ...done.rejected].sort((a, b) => a.line - b.line)}
              />
            ) : null}
          </div>
        ) : null}
        {run.error ? (
          <ProblemCallout
            error={run.error}
            title={`The import stopped after ${(partial?.sent ?? 0).toLocaleString('en-US')} of ${valid.length.toLocaleString('en-US')} rows`}
          />
        ) : null}
      </div>
    </section>
  );
}
