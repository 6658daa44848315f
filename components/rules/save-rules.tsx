'use client';

import { ConsoleApiError } from '@/components/data/console-fetch';
import { Button } from '@/components/ui/button';
import { ProblemCallout } from '@/components/ui/problem-callout';

/** "Save as version N+1", once a backtest matches the draft; a stale version offers a reload. */
export function SaveRules({
  nextVersion,
  ready,
  busy,
  error,
  onSave,
  onReload,
  dirty,
  onDiscard,
}: {
  nextVersion: number;
  /** A backtest of exactly these rules was run. */
  ready: boolean;
  busy: boolean;
  error: Error | null;
  onSave: () => void;
  onReload: () => void;
  /** The form differs from the version it was loaded with. */
  dirty: boolean;
  onDiscard: () => void;
}) {
  const conflict = error instanceof ConsoleApiError && error.status === 409;
  return (
    <div className="stack">
      {conflict ? (
        <ProblemCallout
          error={error}
          title="Someone saved the rules while you were editing"
          action={
            <Button size="sm" onClick={onReload}>
              Reload the rules
            </Button>
          }
        />
      ) : error ? (
        <ProblemCallout error={error} title="The rules were not saved" />
      ) : null}
      {conflict ? (
        <p className="field-hint">Reloading shows the version now in force and discards these edits.</p>
      ) : null}
      <div className="inline">
        <Button variant="primary" busy={busy} disabled={!ready} onClick={onSave}>
          Save as version {nextVersion}
        </Button>
        <Button variant="ghost" disabled={!dirty} onClick={onDiscard}>
          Discard changes
        </Button>
        {ready ? null : <span className="field-hint">Run a backtest of these rules before saving them.</span>}
      </div>
    </div>
  );
}
