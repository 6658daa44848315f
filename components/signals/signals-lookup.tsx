'use client';

import { useIsFetching } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { PATTERN_INTERVALS } from '@/lib/contract/intervals';
import { INTERVAL_LABELS } from './format';
import styles from './signals.module.css';
import { SignalsPanel } from './signals-panel';
import type { PatternInterval } from './signals-types';

/** The Signals page: one email (or its hash) in, what the identity graph holds about it out. */
export function SignalsLookup() {
  const input = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [windowChoice, setWindowChoice] = useState<PatternInterval | ''>('');
  const [request, setRequest] = useState<Record<string, unknown> | null>(null);
  const fetching = useIsFetching({ queryKey: ['console', 'signals'] }) > 0;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = value.trim();
    if (email === '') {
      setProblem('Enter an email address, or its MD5, SHA1 or SHA-256 hash.');
      input.current?.focus();
      return;
    }
    setProblem(null);
    setRequest(windowChoice ? { email, patternInterval: windowChoice } : { email });
  }

  return (
    <>
      <section className="card" aria-label="Look up an email">
        <form className={styles.lookup} onSubmit={submit} noValidate>
          <div className={`field ${styles.lookupField}`}>
            <label htmlFor="signals-email">Email or hash</label>
            <input
              ref={input}
              id="signals-email"
              name="email"
              className="input"
              type="text"
              inputMode="email"
              autoComplete="off"
              spellCheck={false}
              placeholder="jane@example.com"
              value={value}
              onChange={(event) => setValue(event.target.value)}
              aria-invalid={problem ? true : undefined}
              aria-describedby="signals-email-hint signals-email-error"
            />
          </div>
          <div className={`field ${styles.lookupInterval}`}>
            <label htmlFor="signals-interval">Window summary</label>
            <select
              id="signals-interval"
              className="select"
              value={windowChoice}
              onChange={(event) => setWindowChoice(event.target.value as PatternInterval | '')}
            >
              <option value="">None (whole person)</option>
              {PATTERN_INTERVALS.map((value) => (
                <option key={value} value={value}>
                  {INTERVAL_LABELS[value]}
                </option>
              ))}
            </select>
          </div>
          <Button type="submit" variant="primary" busy={fetching}>
            Look up
          </Button>
        </form>
        <p id="signals-email-error" className="field-error" aria-live="polite">
          {problem}
        </p>
        <p id="signals-email-hint" className={`field-hint ${styles.lookupHint}`}>
          Cleartext, or the lower-case hex MD5, SHA1 or SHA-256 of the trimmed, lower-cased address. Each
          lookup is recorded as a signals event on the identifiers the graph already knows.
        </p>
      </section>
      <SignalsPanel request={request} />
    </>
  );
}
