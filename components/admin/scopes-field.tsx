import type { UseFormRegisterReturn } from 'react-hook-form';
import { KEY_SCOPES } from '@/lib/contract/console/keys';
import { SCOPE_HELP } from './key-types';

interface ScopesFieldProps {
  id: string;
  registration: UseFormRegisterReturn;
  error?: string;
}

/** The scopes of a key as checkboxes, with what each one opens. */
export function ScopesField({ id, registration, error }: ScopesFieldProps) {
  return (
    <fieldset className="field" aria-describedby={`${id}-error`}>
      <legend>Scopes</legend>
      <div className="checks">
        {KEY_SCOPES.map((scope) => (
          <label key={scope} className="check" title={SCOPE_HELP[scope]}>
            <input type="checkbox" value={scope} {...registration} />
            {scope}
          </label>
        ))}
      </div>
      <span className="field-hint">
        verify: {SCOPE_HELP.verify}; signals: {SCOPE_HELP.signals}; ingest: {SCOPE_HELP.ingest}; lists:{' '}
        {SCOPE_HELP.lists}.
      </span>
      <span className="field-error" id={`${id}-error`}>
        {error}
      </span>
    </fieldset>
  );
}
