'use client';

import { Controller, useFormContext, useFormState } from 'react-hook-form';
import { BAND_LABEL } from '@/components/results/risk-style';
import { Segmented } from '@/components/ui/segmented';
import { RISK_BANDS } from '@/lib/contract/console/rules';
import {
  KIND_LABEL,
  LIST_KINDS,
  LIST_LABEL,
  LISTS,
  type ListName,
} from '@/lib/contract/console/workspace-lists';
import { VELOCITY_HUB_KINDS, VELOCITY_WINDOWS } from '@/lib/engine/velocity/facts';
import { CheckboxGroup } from './checkbox-group';
import { messageOf } from './field-message';
import type { RuleSetInput } from './rule-defaults';
import styles from './rules.module.css';

type ConditionPath = `rules.${number}.conditions.${number}`;

/** A risk band condition: the bands that match. */
export function BandCondition({ path, idBase }: { path: ConditionPath; idBase: string }) {
  const { control } = useFormContext<RuleSetInput>();
  return (
    <Controller
      control={control}
      name={`${path}.bands`}
      render={({ field, fieldState }) => (
        <CheckboxGroup
          legend="Risk bands (any one matches)"
          options={RISK_BANDS.map((band) => ({ value: band, label: BAND_LABEL[band] }))}
          value={Array.isArray(field.value) ? field.value : []}
          onChange={field.onChange}
          error={messageOf(fieldState.error, 'Tick at least one band')}
          errorId={`${idBase}-bands-error`}
        />
      )}
    />
  );
}

const HUB_LABEL: Record<(typeof VELOCITY_HUB_KINDS)[number], string> = {
  phone: 'Phone',
  ip: 'IP address',
  address: 'Address',
  ssn: 'SSN',
  email: 'E-mail',
};
const WINDOW_LABEL: Record<(typeof VELOCITY_WINDOWS)[number], string> = {
  hour: 'Last hour',
  day: 'Last day',
  week: 'Last week',
  month: 'Last month',
};

const isList = (value: unknown): value is ListName => LISTS.some((list) => list === value);

/** A list condition: a match on the workspace's block or allow list, of some kinds or any. */
export function ListCondition({ path, idBase }: { path: ConditionPath; idBase: string }) {
  const { control } = useFormContext<RuleSetInput>();
  return (
    <>
      <fieldset className={`field ${styles.choice}`}>
        <legend>List</legend>
        <Controller
          control={control}
          name={`${path}.list`}
          render={({ field }) => (
            <Segmented
              name={`${idBase}-list`}
              options={LISTS}
              value={isList(field.value) ? field.value : 'block'}
              onChange={field.onChange}
              labelOf={(list) => `${LIST_LABEL[list]} list`}
            />
          )}
        />
      </fieldset>
      <Controller
        control={control}
        name={`${path}.kinds`}
        render={({ field, fieldState }) => (
          <CheckboxGroup
            legend="Entry kinds"
            hint="None ticked: a match of any kind."
            options={LIST_KINDS.map((kind) => ({ value: kind, label: KIND_LABEL[kind] }))}
            value={Array.isArray(field.value) ? field.value : []}
            // No kind means every kind; the schema wants the field absent then, not empty.
            onChange={(next) => field.onChange(next.length === 0 ? undefined : next)}
            error={messageOf(fieldState.error)}
            errorId={`${idBase}-kinds-error`}
          />
        )}
      />
    </>
  );
}

/** A velocity condition: how many other identities share one of the request's identifiers. */
export function VelocityCondition({ path, idBase }: { path: ConditionPath; idBase: string }) {
  const { control, register, getFieldState } = useFormContext<RuleSetInput>();
  const formState = useFormState({ control, name: path });
  const atLeast = getFieldState(`${path}.atLeast`, formState).error;
  // An emptied number field reaches zod as NaN: say what to type, not what the parser saw.
  const atLeastError =
    atLeast?.type === 'invalid_type'
      ? 'Enter a whole number, 1 or more'
      : messageOf(atLeast, 'Must be 1 or more');
  return (
    <div className={styles.grid}>
      <div className="field">
        <label htmlFor={`${idBase}-hub`}>Shared identifier</label>
        <select id={`${idBase}-hub`} className="select" {...register(`${path}.hub`)}>
          {VELOCITY_HUB_KINDS.map((hub) => (
            <option key={hub} value={hub}>
              {HUB_LABEL[hub]}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${idBase}-window`}>Window</label>
        <select id={`${idBase}-window`} className="select" {...register(`${path}.window`)}>
          {VELOCITY_WINDOWS.map((window) => (
            <option key={window} value={window}>
              {WINDOW_LABEL[window]}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${idBase}-at-least`}>At least (other identities)</label>
        <input
          id={`${idBase}-at-least`}
          className="input"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          aria-invalid={atLeastError ? true : undefined}
          aria-describedby={`${idBase}-at-least-error`}
          {...register(`${path}.atLeast`, { valueAsNumber: true })}
        />
        <span className="field-error" id={`${idBase}-at-least-error`}>
          {atLeastError}
        </span>
      </div>
    </div>
  );
}
