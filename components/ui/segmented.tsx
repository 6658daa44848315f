/**
 * A row of radio buttons styled as one control (arrow keys move between them). With `label` it is
 * its own radiogroup; without, it sits in a fieldset whose legend names it.
 */
export function Segmented<T extends string>({
  name,
  options,
  value,
  onChange,
  labelOf,
  label,
}: {
  name: string;
  options: readonly T[];
  value: T;
  onChange: (next: T) => void;
  labelOf: (option: T) => string;
  label?: string;
}) {
  const buttons = options.map((option) => (
    <label key={option}>
      <input
        type="radio"
        name={name}
        value={option}
        checked={value === option}
        onChange={() => onChange(option)}
      />
      {labelOf(option)}
    </label>
  ));
  return label ? (
    <div className="segmented" role="radiogroup" aria-label={label}>
      {buttons}
    </div>
  ) : (
    <div className="segmented">{buttons}</div>
  );
}
