'use client';

import { useEffect, useState } from 'react';
import type { BatchCounts, RunPhase } from './batch-state';
import { estimateRemainingMs, formatDuration } from './run-queue';

/** performance.now(), refreshed every second while `active`, so the ETA keeps counting down. */
function useNow(active: boolean): number {
  const [now, setNow] = useState(() => performance.now());
  useEffect(() => {
    if (!active) return;
    setNow(performance.now());
    const timer = setInterval(() => setNow(performance.now()), 1000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

interface BatchProgressProps {
  counts: BatchCounts;
  phase: RunPhase;
  runStartedAt: number;
  finishedInRun: number;
}

export function BatchProgress({ counts, phase, runStartedAt, finishedInRun }: BatchProgressProps) {
  const running = phase === 'running' || phase === 'cancelling';
  const now = useNow(running);
  const finished = counts.done + counts.failed;
  const percent = counts.runnable === 0 ? 0 : Math.floor((finished / counts.runnable) * 100);
  const remaining = counts.queued + counts.running;
  const eta = running ? estimateRemainingMs(now - runStartedAt, finishedInRun, remaining) : null;
  const summary = `${finished.toLocaleString('en-US')} of ${counts.runnable.toLocaleString('en-US')} rows verified`;

  return (
    <div className="batch-progress">
      <div className="batch-progress-line">
        <strong id="batch-progress-label">Progress</strong>
        <span>{summary}</span>
        <span className="muted">
          {counts.done} done · {counts.failed} failed · {remaining} left
          {counts.invalid > 0 ? ` · ${counts.invalid} invalid, not sent` : ''}
        </span>
        <span className="muted batch-eta">
          {running ? (eta === null ? 'Estimating time left…' : `About ${formatDuration(eta)} left`) : null}
        </span>
      </div>
      <div
        className="batch-progress-track"
        role="progressbar"
        aria-labelledby="batch-progress-label"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}%: ${summary}, ${counts.failed} failed`}
      >
        <div
          className="batch-progress-fill"
          style={{ width: `${percent}%` }}
          data-failed={counts.failed > 0 || undefined}
        />
      </div>
    </div>
  );
}
