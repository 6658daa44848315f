'use client';

import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { consoleFetch } from '@/components/data/console-fetch';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ErrorCallout } from '@/components/ui/error-callout';
import { BatchProgress } from './batch-progress';
import { batchReducer, countRows, initialBatchState } from './batch-state';
import { ColumnGuide } from './column-guide';
import { MAX_BATCH_ROWS } from './columns';
import { downloadText } from './download';
import { FilePicker } from './file-picker';
import { type ParsedBatch, parseBatchCsv } from './parse-csv';
import { PreviewTable } from './preview-table';
import { resultsCsv, resultsFileName } from './results-csv';
import { ResultsTable } from './results-table';
import { rowRequest } from './row-request';
import { runQueue } from './run-queue';
import { VALIDATION_CHUNK, type ValidateRows } from './types';
import { verifyRow } from './verify-row';

/** Rows in flight at once: quick enough, and gentle on a shared server. */
const CONCURRENCY = 4;
const MAX_FILE_BYTES = 10 * 1024 * 1024;

const plural = (count: number, one: string, many = `${one}s`) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

/** The preview's check through POST /api/console/batch/validate (the Verify parser, nothing stored). */
const validateRowsOnServer: ValidateRows = async (bodies) =>
  (
    await consoleFetch<{ issues: Awaited<ReturnType<ValidateRows>> }>('/api/console/batch/validate', {
      method: 'POST',
      body: { rows: bodies },
    })
  ).issues;

/** Upload a CSV, check its rows, verify them a few at a time and download the results. */
export function BatchPanel({ validateRows = validateRowsOnServer }: { validateRows?: ValidateRows }) {
  const [state, dispatch] = useReducer(batchReducer, initialBatchState);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const controller = useRef<AbortController | null>(null);
  // Validation answers for a file replaced in the meantime are dropped.
  const generation = useRef(0);
  const counts = countRows(state.rows);
  const { batch, phase } = state;
  const running = phase === 'running' || phase === 'cancelling';

  // Leaving the page mid-run would lose the results: abort the requests, and ask first.
  useEffect(() => () => controller.current?.abort(), []);
  useEffect(() => {
    if (!running) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [running]);

  const validate = useCallback(
    async (parsed: ParsedBatch, run: number) => {
      for (let offset = 0; offset < parsed.rows.length; offset += VALIDATION_CHUNK) {
        const bodies = parsed.rows
          .slice(offset, offset + VALIDATION_CHUNK)
          .map((row) => rowRequest(row, parsed.mapping));
        try {
          const issues = await validateRows(bodies);
          if (generation.current !== run) return;
          dispatch({ type: 'validated', offset, issues });
        } catch (error) {
          if (generation.current !== run) return;
          const reason = error instanceof Error ? error.message : String(error);
          dispatch({ type: 'validationFailed', message: reason });
          return;
        }
      }
    },
    [validateRows],
  );

  async function loadFile(file: File) {
    setLoadError(null);
    if (file.size > MAX_FILE_BYTES) {
      setLoadError(
        `${file.name} is ${(file.size / 1024 / 1024).toFixed(1)} MB. A batch takes up to ${MAX_BATCH_ROWS.toLocaleString('en-US')} rows, which fit in well under 10 MB: split the file.`,
      );
      return;
    }
    setReading(true);
    let text: string;
    try {
      text = await file.text();
    } catch (error) {
      setLoadError(
        `${file.name} could not be read: ${error instanceof Error ? error.message : String(error)}`,
      );
      return;
    } finally {
      setReading(false);
    }
    const parsed = parseBatchCsv(text);
    if (!parsed.ok) {
      setLoadError(`${file.name}: ${parsed.message}`);
      return;
    }
    generation.current += 1;
    dispatch({ type: 'loaded', fileName: file.name, batch: parsed.batch });
    void validate(parsed.batch, generation.current);
  }

  async function run() {
    if (!batch || running) return;
    const indices = state.rows.flatMap((row, index) => (row.status === 'queued' ? [index] : []));
    const abort = new AbortController();
    controller.current = abort;
    let stopReason: string | null = null;
    dispatch({ type: 'runStarted', now: performance.now() });
    await runQueue(indices, CONCURRENCY, abort.signal, async (index) => {
      dispatch({ type: 'rowStarted', index });
      const outcome = await verifyRow(rowRequest(batch.rows[index] ?? [], batch.mapping), abort.signal);
      if (outcome.kind === 'done') dispatch({ type: 'rowDone', index, result: outcome.result });
      else if (outcome.kind === 'cancelled') dispatch({ type: 'rowCancelled', index });
      else {
        dispatch({ type: 'rowFailed', index, message: outcome.message });
        if (outcome.fatal && !abort.signal.aborted) {
          stopReason = outcome.message;
          abort.abort();
        }
      }
    });
    controller.current = null;
    dispatch({ type: 'runEnded', stopReason });
  }

  function cancel() {
    dispatch({ type: 'cancelRequested' });
    controller.current?.abort();
  }

  function download() {
    if (!batch || !state.fileName) return;
    downloadText(resultsCsv(batch.headers, batch.rows, state.rows), resultsFileName(state.fileName));
  }

  const started = counts.done + counts.failed > 0 || running;
  const runLabel =
    phase === 'stopped'
      ? `Resume: verify ${plural(counts.queued, 'row')} left`
      : `Verify ${plural(counts.queued, 'row')}`;

  return (
    <>
      <Card
        title="1. Upload applicants"
        labelledBy="batch-file-heading"
        description="One applicant per row; the header names the columns."
      >
        <FilePicker onFile={loadFile} disabled={running || reading} busy={reading} />
        {loadError ? <ErrorCallout title="The file was not loaded">{loadError}</ErrorCallout> : null}
        <ColumnGuide />
      </Card>

      {batch ? (
        <Card
          title="2. Check the rows"
          labelledBy="batch-preview-heading"
          description={
            <>
              <strong>{state.fileName}</strong>: {plural(counts.total, 'row')}
              {state.validation === 'checking'
                ? ', being checked…'
                : `, ${plural(counts.runnable, 'row')} ready, ${plural(counts.invalid, 'row')} with errors (not sent).`}
            </>
          }
        >
          {batch.truncated ? (
            <div className="callout callout-warning" role="status">
              <p className="callout-title">
                Only the first {MAX_BATCH_ROWS.toLocaleString('en-US')} rows were loaded
              </p>
              <p>The file has more rows than one batch takes. Split it and run the rest as another batch.</p>
            </div>
          ) : null}
          {state.validation === 'failed' ? (
            <div className="callout callout-warning" role="status">
              <p className="callout-title">The rows could not be checked in advance</p>
              <p>
                {state.validationError} Verify still checks each row when it runs; rows it refuses are listed
                as failed, with the reason.
              </p>
            </div>
          ) : null}
          {batch.ignored.length > 0 || batch.duplicates.length > 0 ? (
            <ul className="batch-notes muted">
              {batch.ignored.length > 0 ? (
                <li>
                  Not sent to Verify (kept in the results CSV):{' '}
                  {batch.ignored.map((header) => `"${header}"`).join(', ')}
                </li>
              ) : null}
              {batch.duplicates.length > 0 ? (
                <li>
                  Repeated columns, only the first of each is read:{' '}
                  {batch.duplicates.map((header) => `"${header}"`).join(', ')}
                </li>
              ) : null}
            </ul>
          ) : null}
          <PreviewTable batch={batch} rows={state.rows} />
        </Card>
      ) : null}

      {batch ? (
        <Card
          title="3. Verify"
          labelledBy="batch-run-heading"
          description={`Each row is one Verify call in this workspace (a trial quota counts them), ${CONCURRENCY} at a time.`}
        >
          <div className="inline batch-actions">
            {running ? (
              <Button variant="danger" onClick={cancel} disabled={phase === 'cancelling'}>
                {phase === 'cancelling' ? 'Cancelling…' : 'Cancel'}
              </Button>
            ) : counts.queued > 0 || state.validation === 'checking' || counts.runnable === 0 ? (
              <Button
                variant="primary"
                onClick={run}
                disabled={counts.queued === 0 || state.validation === 'checking'}
              >
                {runLabel}
              </Button>
            ) : null}
            {!running && counts.failed > 0 ? (
              <Button onClick={() => dispatch({ type: 'retryFailed' })}>
                Retry {plural(counts.failed, 'failed row')}
              </Button>
            ) : null}
            <Button
              onClick={download}
              disabled={running}
              variant={phase === 'finished' ? 'primary' : 'secondary'}
            >
              Download results CSV
            </Button>
          </div>
          {state.validation === 'checking' ? (
            <p className="field-hint">The rows are being checked; you can start once that is done.</p>
          ) : counts.runnable === 0 ? (
            <p className="field-hint">No row can be sent: fix the errors above and choose the file again.</p>
          ) : null}
          {state.stopReason ? (
            <ErrorCallout title="The batch stopped">{state.stopReason}</ErrorCallout>
          ) : null}
          {started || phase !== 'idle' ? (
            <BatchProgress
              counts={counts}
              phase={phase}
              runStartedAt={state.runStartedAt}
              finishedInRun={state.finishedInRun}
            />
          ) : null}
          <p className="visually-hidden" aria-live="polite">
            {phase === 'finished'
              ? `Batch finished: ${plural(counts.done, 'row')} verified, ${counts.failed} failed.`
              : phase === 'stopped'
                ? `Batch stopped: ${plural(counts.queued, 'row')} not verified.`
                : ''}
          </p>
        </Card>
      ) : null}

      {batch && started ? (
        <Card title="Results" labelledBy="batch-results-heading">
          <ResultsTable batch={batch} rows={state.rows} />
        </Card>
      ) : null}
    </>
  );
}
