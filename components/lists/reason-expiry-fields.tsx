import type { UseFormRegisterReturn } from 'react-hook-form';
import { REASON_MAX_CHARS } from '@/lib/contract/console/workspace-lists';

interface ReasonExpiryFieldsProps {
  /** Prefix of the inputs' ids: one form's fields apart from another's on the same page. */
  id: string;
  reason: UseFormRegisterReturn;
  expiresAt: UseFormRegisterReturn;
  errors: { reason?: string; expiresAt?: string };
}

/** Why an entry is on a list and until when: the add form's, the edit dialog's and the quick add's. */
export function ReasonExpiryFields({ id, reason, expiresAt, errors }: ReasonExpiryFieldsProps) {
  return (
    <div className="inline">
      <div className="field">
        <label htmlFor={`${id}-reason`}>Reason</label>
        <input
          id={`${id}-reason`}
          className="input"
          maxLength={REASON_MAX_CHARS}
          aria-invalid={errors.reason ? true : undefined}
          aria-describedby={`${id}-reason-error`}
          {...reason}
        />
        <span className="field-error" id={`${id}-reason-error`}>
          {errors.reason}
        </span>
      </div>
      <div className="field">
        <label htmlFor={`${id}-expires`}>Expires (optional)</label>
        <input
          id={`${id}-expires`}
          type="date"
          className="input"
          aria-invalid={errors.expiresAt ? true : undefined}
          aria-describedby={`${id}-expires-hint ${id}-expires-error`}
          {...expiresAt}
        />
        <span className="field-hint" id={`${id}-expires-hint`}>
          Empty: until removed.
        </span>
        <span className="field-error" id={`${id}-expires-error`}>
          {errors.expiresAt}
        </span>
      </div>
    </div>
  );
}
