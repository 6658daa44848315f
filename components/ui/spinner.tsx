/** A small busy indicator; pass a label when it stands alone (not inside a labelled button). */
export function Spinner({ label }: { label?: string }) {
  return label ? (
    <span role="status" className="inline">
      <span className="spinner" aria-hidden="true" />
      <span>{label}</span>
    </span>
  ) : (
    <span className="spinner" aria-hidden="true" />
  );
}
