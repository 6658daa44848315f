'use client';

import { useFormContext, useFormState } from 'react-hook-form';
import { OUTCOME_LABEL, RULE_OUTCOMES } from '@/lib/contract/console/rules';
import { messageOf } from './field-message';
import type { RuleSetInput } from './rule-defaults';
import styles from './rules.module.css';

type OutcomePath = `rules.${number}.outcome` | 'defaultOutcome';
type ReasonPath = `rules.${number}.reasonCode` | 'defaultReasonCode';

/** The outcome select and its reason code, which is upper-cased as it is typed. */
export function OutcomeFields({
  outcomePath,
  reasonPath,
  idBase,
}: {
  outcomePath: OutcomePath;
  reasonPath: ReasonPath;
  idBase: string;
}) {
  const { control, register, getFieldState } = useFormContext<RuleSetInput>();
  const formState = useFormState({ control, name: [outcomePath, reasonPath] });
  const reasonError = messageOf(getFieldState(reasonPath, formState).error);
  const outcomeError = messageOf(getFieldState(outcomePath, formState).error);
  const reason = register(reasonPath);
  return (
    <div className={styles.grid}>
      <div className="field">
        <label htmlFor={`${idBase}-outcome`}>Outcome</label>
        <select
          id={`${idBase}-outcome`}
          className="select"
          aria-invalid={outcomeError ? true : undefined}
          aria-describedby={`${idBase}-outcome-error`}
          {...register(outcomePath)}
        >
          {RULE_OUTCOMES.map((outcome) => (
            <option key={outcome} value={outcome}>
              {OUTCOME_LABEL[outcome]}
            </option>
          ))}
        </select>
        <span className="field-error" id={`${idBase}-outcome-error`}>
          {outcomeError}
        </span>
      </div>
      <div className="field">
        <label htmlFor={`${idBase}-reason`}>Reason code</label>
        <input
          id={`${idBase}-reason`}
          className="input"
          autoComplete="off"
          spellCheck={false}
          placeholder="e.g. BLOCKED_DOMAIN"
          aria-invalid={reasonError ? true : undefined}
          aria-describedby={`${idBase}-reason-hint ${idBase}-reason-error`}
          {...reason}
          onChange={(e) => {
            // Reason codes are upper case; typing them so saves a round of errors. The caret stays put.
            const { selectionStart, selectionEnd } = e.target;
            e.target.value = e.target.value.toUpperCase();
            e.target.setSelectionRange(selectionStart, selectionEnd);
            return reason.onChange(e);
          }}
        />
        <span className="field-hint" id={`${idBase}-reason-hint`}>
          What the Verify answer carries for your system to switch on.
        </span>
        <span className="field-error" id={`${idBase}-reason-error`}>
          {reasonError}
        </span>
      </div>
    </div>
  );
}
