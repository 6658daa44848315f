'use client';

import { useEffect, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import type { InvestigateFormValues } from './form-values';
import styles from './investigate.module.css';
import { loadValidation } from './load-validation';
import { fieldId } from './text-field';

/**
 * A malformed address is not a request error (docs/api/request-fields.md): Verify evaluates it and
 * EMAIL_INVALID says TRUE. Say so under the input, with the engine's own syntax rule, once the
 * field has been left.
 */
export function EmailNote({ index }: { index: number }) {
  const name = `emails.${index}.value` as const;
  const { control, getFieldState, formState } = useFormContext<InvestigateFormValues>();
  const value = useWatch({ control, name });
  const { isTouched } = getFieldState(name, formState);
  const [malformed, setMalformed] = useState(false);

  useEffect(() => {
    let current = true;
    const text = (value ?? '').trim();
    if (text === '') {
      setMalformed(false);
      return;
    }
    loadValidation().then(
      ({ email }) => {
        // A digest is well formed by construction; only a cleartext address has a syntax.
        const malformedAddress =
          email.readEmail(text).form === 'cleartext' && !email.isValidEmailAddress(text);
        if (current) setMalformed(malformedAddress);
      },
      () => {
        if (current) setMalformed(false);
      },
    );
    return () => {
      current = false;
    };
  }, [value]);

  return (
    <span className={styles.note} id={`${fieldId(name)}-note`}>
      {malformed && isTouched
        ? 'Not a well-formed address. Verify still runs it, and EMAIL_INVALID will say TRUE.'
        : null}
    </span>
  );
}
