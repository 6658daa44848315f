'use client';

/** A multi-select as a row of checkboxes under a legend: every option visible, Tab and Space. */
export function CheckboxGroup({
  legend,
  options,
  value,
  onChange,
  error,
  hint,
  errorId,
}: {
  legend: string;
  options: readonly { value: string; label: string; title?: string }[];
  value: readonly string[];
  onChange: (next: string[]) => void;
  error?: string;
  hint?: string;
  /** Unique on the page: the group points at its error with it. */
  errorId: string;
}) {
  const toggle = (option: string, on: boolean) =>
    // Kept in the options' order, so the saved rule reads the same whatever order they were ticked.
    onChange(options.map((o) => o.value).filter((o) => (o === option ? on : value.includes(o))));
  return (
    <fieldset className="field" aria-describedby={errorId}>
      <legend>{legend}</legend>
      {hint ? <span className="field-hint">{hint}</span> : null}
      <div className="checks">
        {options.map((option) => (
          <label key={option.value} className="check" title={option.title}>
            <input
              type="checkbox"
              checked={value.includes(option.value)}
              onChange={(e) => toggle(option.value, e.target.checked)}
            />
            {option.label}
          </label>
        ))}
      </div>
      <span className="field-error" id={errorId}>
        {error}
      </span>
    </fieldset>
  );
}
