'use client';

import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { Button, buttonClass } from '@/components/ui/button';
import { EmailNote } from './email-note';
import { emptyValueRow, type InvestigateFormValues, MAX_ROWS } from './form-values';
import styles from './investigate.module.css';
import { fieldId, TextField } from './text-field';

interface ValueListProps {
  name: 'emails' | 'phones';
  /** Singular, as in "Email 2" and "Add email". */
  noun: string;
  legend: string;
  hint: ReactNode;
  type: 'email' | 'tel';
  placeholder: string;
}

/** A repeatable list of one kind of identifier: add, remove, each with its own message. */
export function ValueList({ name, noun, legend, hint, type, placeholder }: ValueListProps) {
  const { control, formState } = useFormContext<InvestigateFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name });
  const addButton = useRef<HTMLButtonElement>(null);
  // After a removal, focus moves to the row that took its place (or Add): never lost to <body>.
  const [focusAfterRemove, setFocusAfterRemove] = useState<number | null>(null);
  // Rules about the whole list (more than 20 addresses) sit on the array's root.
  const listError = formState.errors[name]?.root?.message;
  const hintId = `${fieldId(name)}-hint`;
  const lower = noun.toLowerCase();

  useEffect(() => {
    if (focusAfterRemove === null) return;
    const index = Math.min(focusAfterRemove, fields.length - 1);
    const target =
      index >= 0 ? document.getElementById(fieldId(`${name}.${index}.value`)) : addButton.current;
    target?.focus();
    setFocusAfterRemove(null);
  }, [focusAfterRemove, fields.length, name]);

  return (
    <fieldset className={styles.list} aria-describedby={hintId}>
      <legend>{legend}</legend>
      <span className="field-hint" id={hintId}>
        {hint}
      </span>
      {fields.map((field, index) => (
        <TextField
          key={field.id}
          name={`${name}.${index}.value`}
          label={`${noun} ${index + 1}`}
          labelHidden
          type={type}
          placeholder={placeholder}
          autoComplete="off"
          spellCheck={false}
          className={styles.row}
          describedBy={type === 'email' ? `${fieldId(`${name}.${index}.value`)}-note` : undefined}
          action={
            <Button
              size="sm"
              variant="ghost"
              aria-label={`Remove ${lower} ${index + 1}`}
              onClick={() => {
                remove(index);
                setFocusAfterRemove(index);
              }}
            >
              Remove
            </Button>
          }
        >
          {type === 'email' ? <EmailNote index={index} /> : null}
        </TextField>
      ))}
      {listError ? (
        <span className="field-error" role="alert">
          {listError}
        </span>
      ) : null}
      <div>
        <button
          ref={addButton}
          type="button"
          className={buttonClass('secondary', 'sm')}
          onClick={() => append(emptyValueRow())}
          disabled={fields.length >= MAX_ROWS}
        >
          Add {lower}
        </button>
        {fields.length >= MAX_ROWS ? (
          <span className="field-hint"> The API takes at most {MAX_ROWS}.</span>
        ) : null}
      </div>
    </fieldset>
  );
}
