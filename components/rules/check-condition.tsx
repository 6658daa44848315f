'use client';

import { Controller, useFormContext, useFormState, useWatch } from 'react-hook-form';
import { CHECK_GROUPS, CHECK_OPTIONS } from './check-groups';
import { CheckboxGroup } from './checkbox-group';
import { messageOf } from './field-message';
import type { RuleSetInput } from './rule-defaults';

/** A check condition: the check, picked by package, and which of its states match (any one). */
export function CheckCondition({
  path,
  idBase,
}: {
  path: `rules.${number}.conditions.${number}`;
  idBase: string;
}) {
  const { control, register, setValue, getFieldState } = useFormContext<RuleSetInput>();
  const formState = useFormState({ control, name: path });
  const checkId = useWatch({ control, name: `${path}.checkId` });
  const option = typeof checkId === 'string' ? CHECK_OPTIONS.get(checkId) : undefined;
  const checkError = messageOf(getFieldState(`${path}.checkId`, formState).error);
  const checkField = register(`${path}.checkId`);
  return (
    <>
      <div className="field">
        <label htmlFor={`${idBase}-check`}>Check</label>
        <select
          id={`${idBase}-check`}
          className="select"
          aria-invalid={checkError ? true : undefined}
          aria-describedby={`${idBase}-check-error`}
          {...checkField}
          onChange={(e) => {
            // Another check's states mean nothing here: start its states afresh.
            setValue(`${path}.states`, []);
            return checkField.onChange(e);
          }}
        >
          <option value="">Choose a check…</option>
          {CHECK_GROUPS.map((group) => (
            <optgroup key={group.checkPackage} label={group.checkPackage}>
              {group.checks.map((check) => (
                <option key={check.checkId} value={check.checkId}>
                  {check.name} ({check.checkId})
                </option>
              ))}
            </optgroup>
          ))}
        </select>
        <span className="field-error" id={`${idBase}-check-error`}>
          {checkError ? (checkId === '' ? 'Choose a check' : checkError) : null}
        </span>
      </div>
      {option ? (
        <Controller
          control={control}
          name={`${path}.states`}
          render={({ field, fieldState }) => (
            <CheckboxGroup
              legend={`States of ${option.checkId} (any one matches)`}
              options={option.states.map((s) => ({ value: s.state, label: s.state, title: s.meaning }))}
              value={Array.isArray(field.value) ? field.value : []}
              onChange={field.onChange}
              error={messageOf(fieldState.error, 'Tick at least one state')}
              errorId={`${idBase}-states-error`}
            />
          )}
        />
      ) : null}
    </>
  );
}
