'use client';

import { useFormContext, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { CONDITION_TYPES } from '@/lib/contract/console/rules';
import { CheckCondition } from './check-condition';
import { BandCondition, ListCondition, VelocityCondition } from './condition-fields';
import { CONDITION_LABEL, type ConditionType, type RuleSetInput } from './rule-defaults';
import styles from './rules.module.css';

const isConditionType = (value: unknown): value is ConditionType =>
  CONDITION_TYPES.some((type) => type === value);

/** One condition of a rule: its type, then the fields that type asks for. */
export function ConditionRow({
  ruleIndex,
  index,
  ruleLabel,
  idBase,
  canRemove,
  onTypeChange,
  onRemove,
}: {
  ruleIndex: number;
  index: number;
  /** How the rule is named to assistive tech ("Blocked email domain", or "3" while unnamed). */
  ruleLabel: string;
  idBase: string;
  canRemove: boolean;
  onTypeChange: (type: ConditionType) => void;
  onRemove: () => void;
}) {
  const { control } = useFormContext<RuleSetInput>();
  const path = `rules.${ruleIndex}.conditions.${index}` as const;
  const watched = useWatch({ control, name: `${path}.type` });
  const type = isConditionType(watched) ? watched : 'check';
  return (
    <fieldset className={styles.condition}>
      <legend className="visually-hidden">Condition {index + 1}</legend>
      <div className={styles.conditionHead}>
        <div className="field">
          <label htmlFor={`${idBase}-type`}>Condition {index + 1}</label>
          <select
            id={`${idBase}-type`}
            className="select"
            value={type}
            onChange={(e) => {
              if (isConditionType(e.target.value)) onTypeChange(e.target.value);
            }}
          >
            {CONDITION_TYPES.map((t) => (
              <option key={t} value={t}>
                {CONDITION_LABEL[t]}
              </option>
            ))}
          </select>
        </div>
        <Button
          size="sm"
          variant="ghost"
          onClick={onRemove}
          disabled={!canRemove}
          aria-label={`Remove condition ${index + 1} of rule ${ruleLabel}`}
          title={canRemove ? undefined : 'A rule needs at least one condition'}
        >
          Remove
        </Button>
      </div>
      {type === 'check' ? <CheckCondition path={path} idBase={idBase} /> : null}
      {type === 'risk_band' ? <BandCondition path={path} idBase={idBase} /> : null}
      {type === 'list' ? <ListCondition path={path} idBase={idBase} /> : null}
      {type === 'velocity' ? <VelocityCondition path={path} idBase={idBase} /> : null}
    </fieldset>
  );
}
