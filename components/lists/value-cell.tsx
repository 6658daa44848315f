import { KIND_LABEL, type ListKind } from '@/lib/contract/console/workspace-lists';

/** A list value as the tables show it: the value, its kind beneath. */
export function ValueCell({ value, kind }: { value: string; kind: ListKind }) {
  return (
    <td>
      <code>{value}</code>
      <br />
      <span className="muted">{KIND_LABEL[kind]}</span>
    </td>
  );
}
