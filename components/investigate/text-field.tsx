'use client';

import type { InputHTMLAttributes, ReactNode } from 'react';
import { type FieldPath, useFormContext } from 'react-hook-form';
import type { InvestigateFormValues } from './form-values';
import styles from './investigate.module.css';

export type FieldName = FieldPath<InvestigateFormValues>;

/** The DOM id of a form field's input, stable so errors and hints can point at it. */
export const fieldId = (name: string): string => `investigate-${name.replace(/\./g, '-')}`;

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'id'> {
  name: FieldName;
  label: ReactNode;
  hint?: ReactNode;
  /** Hides the label visually (rows of a list whose legend says what they are). */
  labelHidden?: boolean;
  /** Extra ids for aria-describedby (an advisory note under the input). */
  describedBy?: string;
  /** A button beside the input (remove this row, show the SSN). */
  action?: ReactNode;
  children?: ReactNode;
}

/** A labelled input registered with the form, with its hint and the schema's message under it. */
export function TextField({
  name,
  label,
  hint,
  labelHidden = false,
  describedBy,
  action,
  children,
  className,
  ...input
}: TextFieldProps) {
  const { register, getFieldState, formState } = useFormContext<InvestigateFormValues>();
  const { error } = getFieldState(name, formState);
  const id = fieldId(name);
  const described = [hint ? `${id}-hint` : null, `${id}-error`, describedBy].filter(Boolean).join(' ');
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <label htmlFor={id} className={labelHidden ? 'visually-hidden' : undefined}>
        {label}
      </label>
      <div className={styles.inputRow}>
        <input
          id={id}
          className="input"
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
          {...input}
          {...register(name)}
        />
        {action}
      </div>
      {hint ? (
        <span className="field-hint" id={`${id}-hint`}>
          {hint}
        </span>
      ) : null}
      {children}
      <span className="field-error" id={`${id}-error`}>
        {error?.message}
      </span>
    </div>
  );
}
