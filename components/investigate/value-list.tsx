'use client';

import { type ReactNode, useCallback } from 'react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { EmailNote } from './email-note';
import { emptyValueRow, type InvestigateFormValues } from './form-values';
import styles from './investigate.module.css';
import { RowListFooter, useRowRemoval } from './row-list';
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
  const valueField = useCallback((index: number) => `${name}.${index}.value`, [name]);
  const { addButton, removeAt } = useRowRemoval(fields.length, remove, valueField);
  const hintId = `${fieldId(name)}-hint`;
  const lower = noun.toLowerCase();

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
          describedBy={type === 'email' ? `${fieldId(valueField(index))}-note` : undefined}
          action={
            <Button
              size="sm"
              variant="ghost"
              aria-label={`Remove ${lower} ${index + 1}`}
              onClick={() => removeAt(index)}
            >
              Remove
            </Button>
          }
        >
          {type === 'email' ? <EmailNote index={index} /> : null}
        </TextField>
      ))}
      <RowListFooter
        // Rules about the whole list (more than 20 addresses) sit on the array's root.
        error={formState.errors[name]?.root?.message}
        count={fields.length}
        addButton={addButton}
        onAdd={() => append(emptyValueRow())}
        label={`Add ${lower}`}
      />
    </fieldset>
  );
}
