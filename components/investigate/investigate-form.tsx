'use client';

import { useEffect, useId, useRef } from 'react';
import { useFormContext } from 'react-hook-form';
import { INTERVAL_LABELS } from '@/components/signals/format';
import { Button } from '@/components/ui/button';
import { PATTERN_INTERVALS } from '@/lib/contract/intervals';
import type { InvestigateFormValues } from './form-values';
import styles from './investigate.module.css';
import { ProfileList } from './profile-list';
import { SessionField } from './session-field';
import { SsnField } from './ssn-field';
import { fieldId, TextField } from './text-field';
import { ValueList } from './value-list';

interface InvestigateFormProps {
  onVerify: () => void;
  onSignals: () => void;
  verifying: boolean;
  lastSessionId: string | null;
  ssnVisible: boolean;
  onToggleSsn: () => void;
  onFillExample: () => void;
  onClear: () => void;
}

/**
 * The error about the whole form ("at least one identifier"), at its top where the analyst
 * starts, and focused when it appears: Run Verify sits far below on a long form.
 */
function FormError({ message }: { message: string | undefined }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (message) ref.current?.focus();
  }, [message]);
  if (!message) return null;
  return (
    <p ref={ref} tabIndex={-1} className={`callout callout-error ${styles.formStatus}`} role="alert">
      {message}
    </p>
  );
}

/** What the analyst knows about the applicant; Enter or Ctrl+Enter runs Verify. */
export function InvestigateForm(props: InvestigateFormProps) {
  const headingId = useId();
  const { register, formState } = useFormContext<InvestigateFormValues>();
  const rootError = formState.errors.root?.message;

  return (
    <section className="card" aria-labelledby={headingId}>
      <div className="card-header">
        <div>
          <h2 id={headingId}>Applicant</h2>
          <p className="muted">Every field is optional; at least one identifier is needed.</p>
        </div>
        <div className="inline">
          <Button size="sm" onClick={props.onFillExample}>
            Fill example
          </Button>
          <Button size="sm" variant="ghost" onClick={props.onClear}>
            Clear
          </Button>
        </div>
      </div>
      <FormError message={rootError} />
      <form
        noValidate
        aria-labelledby={headingId}
        onSubmit={(event) => {
          event.preventDefault();
          props.onVerify();
        }}
      >
        <fieldset className={styles.section}>
          <legend>Contact</legend>
          <div className={styles.contact}>
            <ValueList
              name="emails"
              noun="Email"
              legend="Emails"
              hint="Cleartext, or the MD5, SHA1 or SHA-256 of the lower-cased address."
              type="email"
              placeholder="name@example.com"
            />
            <ValueList
              name="phones"
              noun="Phone"
              legend="Phones"
              hint="E.164 (+14155552671); other forms are read as US numbers."
              type="tel"
              placeholder="+14155552671"
            />
          </div>
        </fieldset>

        <fieldset className={styles.section}>
          <legend>Person</legend>
          <div className={styles.grid3}>
            <TextField name="name.given" label="Given name" autoComplete="off" />
            <TextField name="name.middle" label="Middle name" autoComplete="off" />
            <TextField name="name.family" label="Family name" autoComplete="off" />
          </div>
          <div className={styles.grid2}>
            <TextField name="birthday" label="Birthday" type="date" min="1900-01-01" />
            <SsnField visible={props.ssnVisible} onToggle={props.onToggleSsn} />
          </div>
        </fieldset>

        <fieldset className={styles.section}>
          <legend>Address</legend>
          <div className={styles.grid2}>
            <TextField name="location.addressLine1" label="Address line 1" autoComplete="off" />
            <TextField
              name="location.addressLine2"
              label="Address line 2"
              placeholder="Apt., suite, unit"
              autoComplete="off"
            />
          </div>
          <div className={styles.gridAddress}>
            <TextField name="location.city" label="City" autoComplete="off" />
            <TextField name="location.regionCode" label="State" placeholder="CO" autoComplete="off" />
            <TextField
              name="location.postalCode"
              label="Postal code"
              placeholder="81347"
              autoComplete="off"
            />
            <TextField
              name="location.countryCode"
              label="Country"
              placeholder="US"
              maxLength={2}
              autoComplete="off"
            />
          </div>
        </fieldset>

        <fieldset className={styles.section}>
          <legend>Online and work</legend>
          <div className={styles.grid3}>
            <TextField
              name="ipAddress"
              label="IP address"
              placeholder="203.0.113.7"
              autoComplete="off"
              spellCheck={false}
            />
            <TextField name="organization" label="Organization" autoComplete="off" />
            <TextField name="title" label="Job title" autoComplete="off" />
          </div>
          <ProfileList />
        </fieldset>

        <SessionField lastSessionId={props.lastSessionId} />

        <div className={styles.actions}>
          <div className={styles.actionGroup}>
            <Button
              type="submit"
              variant="primary"
              busy={props.verifying}
              aria-keyshortcuts="Control+Enter Meta+Enter"
            >
              Run Verify
            </Button>
            <span className="field-hint">
              <kbd>Ctrl</kbd>+<kbd>Enter</kbd> (<kbd>⌘</kbd>+<kbd>Enter</kbd> on a Mac)
            </span>
          </div>
          <div className={styles.actionGroup}>
            <label htmlFor={fieldId('patternInterval')} className={styles.inlineLabel}>
              Pattern window
            </label>
            <select
              id={fieldId('patternInterval')}
              className={`select ${styles.intervalSelect}`}
              {...register('patternInterval')}
            >
              <option value="">No pattern summary</option>
              {PATTERN_INTERVALS.map((interval) => (
                <option key={interval} value={interval}>
                  {INTERVAL_LABELS[interval]} ({interval})
                </option>
              ))}
            </select>
            <Button onClick={props.onSignals}>Run Signals</Button>
          </div>
        </div>
      </form>
    </section>
  );
}
