'use client';

import { useFieldArray, useFormContext } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { emptyProfileRow, type InvestigateFormValues } from './form-values';
import styles from './investigate.module.css';
import { RowListFooter, useRowRemoval } from './row-list';
import { TextField } from './text-field';

const SERVICES = ['facebook', 'github', 'instagram', 'linkedin', 'reddit', 'tiktok', 'twitter'];

const serviceField = (index: number) => `profiles.${index}.service`;

/** Social profiles: each a platform and at least one of username, URL or user id. */
export function ProfileList() {
  const { control, formState } = useFormContext<InvestigateFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'profiles' });
  const { addButton, removeAt } = useRowRemoval(fields.length, remove, serviceField);

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
            onClick={() => removeAt(index)}
          >
            Remove profile
          </Button>
        </fieldset>
      ))}
      <RowListFooter
        error={formState.errors.profiles?.root?.message}
        count={fields.length}
        addButton={addButton}
        onAdd={() => append(emptyProfileRow())}
        label="Add profile"
      />
    </fieldset>
  );
}
