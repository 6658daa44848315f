// The batch page's state: the file, each row's state and the run, changed only by these actions.
import type { ParsedBatch } from './parse-csv';
import type { RowIssue, RowResult, RowState } from './types';

export type RunPhase = 'idle' | 'running' | 'cancelling' | 'finished' | 'stopped';

export interface BatchState {
  fileName: string | null;
  batch: ParsedBatch | null;
  rows: RowState[];
  /** Whether the server checked the rows; 'failed' leaves the verdict to Verify itself. */
  validation: 'idle' | 'checking' | 'done' | 'failed';
  validationError: string | null;
  phase: RunPhase;
  /** Why the last run stopped early (session ended, quota used up). */
  stopReason: string | null;
  /** performance.now() when the current run started, and rows finished in it (for the ETA). */
  runStartedAt: number;
  finishedInRun: number;
}

export type BatchAction =
  | { type: 'loaded'; fileName: string; batch: ParsedBatch }
  | { type: 'validated'; offset: number; issues: (RowIssue[] | null)[] }
  | { type: 'validationFailed'; message: string }
  | { type: 'runStarted'; now: number }
  | { type: 'rowStarted'; index: number }
  | { type: 'rowDone'; index: number; result: RowResult }
  | { type: 'rowFailed'; index: number; message: string }
  | { type: 'rowCancelled'; index: number }
  | { type: 'cancelRequested' }
  | { type: 'runEnded'; stopReason: string | null }
  | { type: 'retryFailed' };

export const initialBatchState: BatchState = {
  fileName: null,
  batch: null,
  rows: [],
  validation: 'idle',
  validationError: null,
  phase: 'idle',
  stopReason: null,
  runStartedAt: 0,
  finishedInRun: 0,
};

function setRow(rows: RowState[], index: number, row: RowState): RowState[] {
  const next = rows.slice();
  next[index] = row;
  return next;
}

export function batchReducer(state: BatchState, action: BatchAction): BatchState {
  switch (action.type) {
    case 'loaded':
      return {
        ...initialBatchState,
        fileName: action.fileName,
        batch: action.batch,
        rows: action.batch.rows.map(() => ({ status: 'checking' })),
        validation: 'checking',
      };
    case 'validated': {
      const rows = state.rows.slice();
      action.issues.forEach((issues, offset) => {
        const index = action.offset + offset;
        if (rows[index]?.status === 'checking')
          rows[index] = issues ? { status: 'invalid', issues } : { status: 'queued' };
      });
      const checking = rows.some((row) => row.status === 'checking');
      return { ...state, rows, validation: checking ? 'checking' : 'done' };
    }
    case 'validationFailed':
      return {
        ...state,
        validation: 'failed',
        validationError: action.message,
        rows: state.rows.map((row) => (row.status === 'checking' ? { status: 'queued' } : row)),
      };
    case 'runStarted':
      return { ...state, phase: 'running', stopReason: null, runStartedAt: action.now, finishedInRun: 0 };
    case 'rowStarted':
      return { ...state, rows: setRow(state.rows, action.index, { status: 'running' }) };
    case 'rowDone':
      return {
        ...state,
        rows: setRow(state.rows, action.index, { status: 'done', result: action.result }),
        finishedInRun: state.finishedInRun + 1,
      };
    case 'rowFailed':
      return {
        ...state,
        rows: setRow(state.rows, action.index, { status: 'failed', message: action.message }),
        finishedInRun: state.finishedInRun + 1,
      };
    case 'rowCancelled':
      return { ...state, rows: setRow(state.rows, action.index, { status: 'queued' }) };
    case 'cancelRequested':
      return state.phase === 'running' ? { ...state, phase: 'cancelling' } : state;
    case 'runEnded': {
      // Rows still marked running were aborted mid-flight: they wait for the next run.
      const rows = state.rows.map((row): RowState => (row.status === 'running' ? { status: 'queued' } : row));
      const left = rows.some((row) => row.status === 'queued');
      return { ...state, rows, phase: left ? 'stopped' : 'finished', stopReason: action.stopReason };
    }
    case 'retryFailed':
      return {
        ...state,
        phase: 'stopped',
        rows: state.rows.map((row): RowState => (row.status === 'failed' ? { status: 'queued' } : row)),
      };
  }
}

export interface BatchCounts {
  total: number;
  invalid: number;
  /** Rows Verify will be (or was) asked about: all but the invalid ones. */
  runnable: number;
  done: number;
  failed: number;
  queued: number;
  running: number;
  checking: number;
}

export function countRows(rows: readonly RowState[]): BatchCounts {
  const counts: BatchCounts = {
    total: rows.length,
    invalid: 0,
    runnable: 0,
    done: 0,
    failed: 0,
    queued: 0,
    running: 0,
    checking: 0,
  };
  for (const row of rows) {
    if (row.status === 'invalid') counts.invalid += 1;
    else if (row.status === 'done') counts.done += 1;
    else if (row.status === 'failed') counts.failed += 1;
    else if (row.status === 'queued') counts.queued += 1;
    else if (row.status === 'running') counts.running += 1;
    else counts.checking += 1;
  }
  counts.runnable = counts.total - counts.invalid;
  return counts;
}
