'use client';

import { useFormContext, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import type { InvestigateFormValues } from './form-values';
import styles from './investigate.module.css';
import { TextField } from './text-field';

/** The session to join: typed, or the one the last Verify created or joined, in one click. */
export function SessionField({ lastSessionId }: { lastSessionId: string | null }) {
  const { control, setValue } = useFormContext<InvestigateFormValues>();
  const sessionId = useWatch({ control, name: 'sessionId' });
  const set = (value: string) =>
    setValue('sessionId', value, { shouldDirty: true, shouldTouch: true, shouldValidate: true });
  const current = (sessionId ?? '').trim();

  return (
    <fieldset className={styles.section}>
      <legend>Session</legend>
      <TextField
        name="sessionId"
        label="Session to join"
        hint="Verify only. Empty starts a new session (201); an id joins it (200) and checks everything it has received."
        placeholder="ses_…"
        autoComplete="off"
        spellCheck={false}
      />
      <div className="inline">
        {lastSessionId && current !== lastSessionId ? (
          <Button size="sm" onClick={() => set(lastSessionId)}>
            Join last session
          </Button>
        ) : null}
        {current !== '' ? (
          <Button size="sm" variant="ghost" onClick={() => set('')}>
            Start a new session
          </Button>
        ) : null}
        {lastSessionId ? (
          <span className="field-hint">
            Last session: <code>{lastSessionId}</code>
          </span>
        ) : null}
      </div>
    </fieldset>
  );
}
