'use client';

import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { isTransient, ProblemCallout } from '@/components/ui/problem-callout';
import { Skeleton } from '@/components/ui/skeleton';
import { BacktestResult } from './backtest-result';
import type { RulesBacktestResult } from './rules-types';

const DAYS = [7, 30, 90] as const;

/** Replays the workspace's recent sessions under the draft; the result shows while it still matches. */
export function BacktestPanel({
  onRun,
  running,
  error,
  result,
  stale,
}: {
  onRun: (days: number) => void;
  running: boolean;
  error: Error | null;
  /** The last result, if the draft has not changed since. */
  result: RulesBacktestResult | null;
  /** A result exists but the draft changed after it. */
  stale: boolean;
}) {
  const [days, setDays] = useState<number>(30);
  return (
    <section className="stack" aria-labelledby="rules-backtest-heading">
      <h3 id="rules-backtest-heading">Backtest</h3>
      <p className="field-hint">
        Decides the workspace's recent sessions again under these rules, from their stored check states (no
        personal data), and sets the outcomes beside the analysts' decisions.
      </p>
      <div className="inline">
        <label htmlFor="rules-backtest-days">Sessions of the last</label>
        <select
          id="rules-backtest-days"
          className="select"
          style={{ width: 'auto' }}
          value={days}
          onChange={(e) => setDays(Number(e.target.value))}
        >
          {DAYS.map((d) => (
            <option key={d} value={d}>
              {d} days
            </option>
          ))}
        </select>
        <Button busy={running} onClick={() => onRun(days)}>
          Backtest
        </Button>
      </div>
      {error ? (
        <ProblemCallout
          error={error}
          title="The backtest could not run"
          onRetry={isTransient(error) ? () => onRun(days) : undefined}
        />
      ) : null}
      {running ? <Skeleton lines={4} label="Replaying recent sessions" /> : null}
      {!running && stale ? (
        <p className="field-hint" role="status">
          The rules changed since the last backtest: run it again to see their effect.
        </p>
      ) : null}
      {!running && result ? (
        <section aria-labelledby="rules-backtest-result-heading">
          <h4 id="rules-backtest-result-heading">Backtest of the last {result.days} days</h4>
          <BacktestResult result={result} />
        </section>
      ) : null}
    </section>
  );
}
