'use client';

import { useEffect, useRef, useState } from 'react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { Button, buttonClass } from '@/components/ui/button';
import { emptyProfileRow, type InvestigateFormValues, MAX_ROWS } from './form-values';
import styles from './investigate.module.css';
import { fieldId, TextField } from './text-field';

const SERVICES = ['facebook', 'github', 'instagram', 'linkedin', 'reddit', 'tiktok', 'twitter'];

/** Social profiles: each a platform and at least one of username, URL or user id. */
export function ProfileList() {
  const { control, formState } = useFormContext<InvestigateFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'profiles' });
  const addButton = useRef<HTMLButtonElement>(null);
  const [focusAfterRemove, setFocusAfterRemove] = useState<number | null>(null);
  const listError = formState.errors.profiles?.root?.message;

  useEffect(() => {
    if (focusAfterRemove === null) return;
    const index = Math.min(focusAfterRemove, fields.length - 1);
    const target =
      index >= 0 ? document.getElementById(fieldId(`profiles.${index}.service`)) : addButton.current;
    target?.focus();
    setFocusAfterRemove(null);
  }, [focusAfterRemove, fields.length]);

  return (
    <fieldset className={styles.list}>
      <legend>Social profiles</legend>
      <datalist id="investigate-services">
        {SERVICES.map((service) => (
          <option key={service} value={service} />
        ))}
      </datalist>
      {fields.map((field, index) => (
        <fieldset key={field.id} className={styles.profile}>
          <legend className={styles.profileLegend}>Profile {index + 1}</legend>
          <div className={styles.grid4}>
            <TextField
              name={`profiles.${index}.service`}
              label="Platform"
              list="investigate-services"
              placeholder="linkedin"
              autoComplete="off"
            />
            <TextField
              name={`profiles.${index}.username`}
              label="Username"
              placeholder="jdoe"
              autoComplete="off"
              spellCheck={false}
            />
            <TextField
              name={`profiles.${index}.url`}
              label="URL"
              type="url"
              placeholder="https://…"
              autoComplete="off"
            />
            <TextField
              name={`profiles.${index}.userid`}
              label="User id"
              autoComplete="off"
              spellCheck={false}
            />
          </div>
          <Button
            size="sm"
            variant="ghost"
            aria-label={`Remove profile ${index + 1}`}
            onClick={() => {
              remove(index);
              setFocusAfterRemove(index);
            }}
          >
            Remove profile
          </Button>
        </fieldset>
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
          onClick={() => append(emptyProfileRow())}
          disabled={fields.length >= MAX_ROWS}
        >
          Add profile
        </button>
      </div>
    </fieldset>
  );
}
