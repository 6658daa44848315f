'use client';

import { Controller, useFieldArray, useFormContext, useFormState, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Segmented } from '@/components/ui/segmented';
import { MAX_CONDITIONS } from '@/lib/contract/console/rules';
import { ConditionRow } from './condition-row';
import { messageOf } from './field-message';
import { OutcomeFields } from './outcome-fields';
import { newCondition, type RuleSetInput } from './rule-defaults';
import styles from './rules.module.css';

const MATCHES = ['all', 'any'] as const;
const MATCH_LABEL = { all: 'All conditions', any: 'Any condition' } as const;
const isMatch = (value: unknown): value is (typeof MATCHES)[number] => value === 'all' || value === 'any';

/** One rule: its name, conditions, outcome and reason code, and where it sits in the order. */
export function RuleCard({
  index,
  count,
  idBase,
  onMove,
  onRemove,
}: {
  index: number;
  count: number;
  /** Unique and stable while the rule is on the page (the field array's key). */
  idBase: string;
  onMove: (to: number) => void;
  onRemove: () => void;
}) {
  const { control, register, getFieldState, setValue } = useFormContext<RuleSetInput>();
  const conditions = useFieldArray({ control, name: `rules.${index}.conditions` });
  const formState = useFormState({ control, name: `rules.${index}` });
  const name = useWatch({ control, name: `rules.${index}.name` });
  const label = typeof name === 'string' && name.trim() !== '' ? name.trim() : String(index + 1);
  const nameError = messageOf(getFieldState(`rules.${index}.name`, formState).error);
  const conditionsError = messageOf(getFieldState(`rules.${index}.conditions`, formState).error);
  const headingId = `${idBase}-heading`;
  const move = (direction: -1 | 1) => {
    const to = index + direction;
    onMove(to);
    // The rule moves away from the pointer: keep the keyboard on its button, or on the other one
    // where it reached an end and this one is disabled.
    const atEnd = direction === -1 ? to === 0 : to === count - 1;
    const same = direction === -1 ? 'up' : 'down';
    const other = direction === -1 ? 'down' : 'up';
    requestAnimationFrame(() => document.getElementById(`${idBase}-${atEnd ? other : same}`)?.focus());
  };

  return (
    <section className={styles.rule} aria-labelledby={headingId}>
      <div className={styles.ruleHead}>
        <h3 id={headingId}>
          Rule {index + 1}
          {label !== String(index + 1) ? <span className="muted">: {label}</span> : null}
        </h3>
        <div className="inline">
          <Button
            size="sm"
            variant="ghost"
            disabled={index === 0}
            id={`${idBase}-up`}
            onClick={() => move(-1)}
            aria-label={`Move rule ${label} up`}
          >
            Up
          </Button>
          <Button
            size="sm"
            variant="ghost"
            disabled={index === count - 1}
            id={`${idBase}-down`}
            onClick={() => move(1)}
            aria-label={`Move rule ${label} down`}
          >
            Down
          </Button>
          <Button size="sm" variant="danger" onClick={onRemove} aria-label={`Remove rule ${label}`}>
            Remove
          </Button>
        </div>
      </div>
      <div className="field">
        <label htmlFor={`${idBase}-name`}>Name</label>
        <input
          id={`${idBase}-name`}
          className="input"
          autoComplete="off"
          placeholder="e.g. Blocked email domain"
          aria-invalid={nameError ? true : undefined}
          aria-describedby={`${idBase}-name-error`}
          {...register(`rules.${index}.name`)}
        />
        <span className="field-error" id={`${idBase}-name-error`}>
          {nameError}
        </span>
      </div>
      <fieldset className={`field ${styles.choice}`}>
        <legend>Matches when</legend>
        <Controller
          control={control}
          name={`rules.${index}.match`}
          render={({ field }) => (
            <Segmented
              name={`${idBase}-match`}
              options={MATCHES}
              value={isMatch(field.value) ? field.value : 'all'}
              onChange={field.onChange}
              labelOf={(match) => MATCH_LABEL[match]}
            />
          )}
        />
      </fieldset>
      <div className={styles.conditions}>
        {conditions.fields.map((condition, c) => (
          <ConditionRow
            key={condition.id}
            ruleIndex={index}
            index={c}
            ruleLabel={label}
            idBase={`${idBase}-c-${condition.id}`}
            canRemove={conditions.fields.length > 1}
            onTypeChange={(type) =>
              // setValue, not the array's update: update remounts the row and the select loses focus.
              setValue(`rules.${index}.conditions.${c}`, newCondition(type), { shouldDirty: true })
            }
            onRemove={() => conditions.remove(c)}
          />
        ))}
        {conditionsError ? <p className="field-error">{conditionsError}</p> : null}
        <div>
          <Button
            size="sm"
            onClick={() => conditions.append(newCondition('check'))}
            disabled={conditions.fields.length >= MAX_CONDITIONS}
            aria-label={`Add condition to rule ${label}`}
          >
            Add condition
          </Button>
        </div>
      </div>
      <OutcomeFields
        outcomePath={`rules.${index}.outcome`}
        reasonPath={`rules.${index}.reasonCode`}
        idBase={idBase}
      />
    </section>
  );
}
