import type { MaskedSummary } from '@/lib/engine/mask';
import type { InputField } from '@/lib/engine/session-timeline';
import styles from './sessions.module.css';

export const FIELD_LABEL: Record<InputField, string> = {
  email: 'Email',
  phone: 'Phone',
  profile: 'Profile',
  ssn: 'SSN',
  name: 'Name',
  location: 'Location',
  ipAddress: 'IP',
  birthday: 'Birthday',
};

export interface InputChip {
  field: InputField;
  value: string;
}

/** A summary's identifiers in reading order: emails, phones, profiles, then the singular fields. */
export function summaryChips(inputs: MaskedSummary): InputChip[] {
  return [
    ...inputs.emails.map((value) => ({ field: 'email' as const, value })),
    ...inputs.phones.map((value) => ({ field: 'phone' as const, value })),
    ...inputs.profiles.map((value) => ({ field: 'profile' as const, value })),
    ...(inputs.ssn ? [{ field: 'ssn' as const, value: inputs.ssn }] : []),
    ...(inputs.name ? [{ field: 'name' as const, value: inputs.name }] : []),
    ...(inputs.location ? [{ field: 'location' as const, value: inputs.location }] : []),
    ...(inputs.ipAddress ? [{ field: 'ipAddress' as const, value: inputs.ipAddress }] : []),
    ...(inputs.birthday ? [{ field: 'birthday' as const, value: 'given' }] : []),
  ];
}

export function Chip({ chip, marker }: { chip: InputChip; marker?: string }) {
  return (
    <li className={styles.chip}>
      {marker ? (
        <span className={styles.chipMarker} aria-hidden="true">
          {marker}
        </span>
      ) : null}
      <span className={styles.chipLabel}>{FIELD_LABEL[chip.field]}</span>
      {chip.field === 'birthday' ? null : <span className={styles.chipValue}>{chip.value}</span>}
    </li>
  );
}

/** Masked identifiers as compact chips; `limit` folds the rest into "+N more". */
export function MaskedInputs({ inputs, limit }: { inputs: MaskedSummary; limit?: number }) {
  const chips = summaryChips(inputs);
  if (chips.length === 0) return <span className="muted">No identifiers</span>;
  const shown = limit === undefined ? chips : chips.slice(0, limit);
  const hidden = chips.length - shown.length;
  return (
    <ul className={styles.chips}>
      {shown.map((chip) => (
        <Chip key={`${chip.field}:${chip.value}`} chip={chip} />
      ))}
      {hidden > 0 ? <li className={styles.more}>+{hidden} more</li> : null}
    </ul>
  );
}
