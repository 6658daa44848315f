import type { UseFormRegisterReturn } from 'react-hook-form';

/** The field's text as a rate: empty means none of its own (the workspace's default applies). */
export const rateValue = (value: unknown) =>
  value === '' || value === null || value === undefined ? null : Number(value);

interface RateFieldProps {
  id: string;
  registration: UseFormRegisterReturn;
  error?: string;
}

/** A key's own rate limit, in requests per second; empty for the workspace's default. */
export function RateField({ id, registration, error }: RateFieldProps) {
  return (
    <div className="field">
      <label htmlFor={id}>Rate limit (requests per second)</label>
      <input
        id={id}
        className="input"
        type="number"
        inputMode="decimal"
        min="0"
        step="any"
        placeholder="Workspace default"
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint ${id}-error`}
        {...registration}
      />
      <span className="field-hint" id={`${id}-hint`}>
        Per endpoint. Leave empty to follow the workspace's default rate.
      </span>
      <span className="field-error" id={`${id}-error`}>
        {error}
      </span>
    </div>
  );
}
