'use client';

import { useActionState } from 'react';
import { Button } from '@/components/ui/button';
import { MIN_PASSWORD_LENGTH } from '@/lib/auth/password-policy-limits';
import { changePasswordAction } from './actions';
import { NO_ERRORS, type PasswordField, type PasswordFormState } from './password-state';

const FIELDS: { name: PasswordField; label: string; autoComplete: string; hint?: string }[] = [
  { name: 'currentPassword', label: 'Current password', autoComplete: 'current-password' },
  {
    name: 'newPassword',
    label: 'New password',
    autoComplete: 'new-password',
    hint: `At least ${MIN_PASSWORD_LENGTH} characters and hard to guess: a few unrelated words work well. No rules about digits or symbols; your name, email or this service's name make it weak.`,
  },
  { name: 'confirmPassword', label: 'New password again', autoComplete: 'new-password' },
];

/**
 * Current, new and repeated password, posted to a server action (works before JavaScript loads).
 * The server judges the new one (length and a strength estimate) and answers per field.
 */
export function PasswordForm({ currentLabel }: { currentLabel: string }) {
  const [state, action, pending] = useActionState<PasswordFormState, FormData>(
    changePasswordAction,
    NO_ERRORS,
  );
  const shown = pending ? NO_ERRORS : state;
  return (
    <form action={action} noValidate aria-describedby="password-status">
      {FIELDS.map((field) => {
        const error = shown.errors[field.name];
        const describedBy = [field.hint ? `${field.name}-hint` : '', error ? `${field.name}-error` : '']
          .filter(Boolean)
          .join(' ');
        return (
          <div className="field" key={field.name}>
            <label htmlFor={field.name}>
              {field.name === 'currentPassword' ? currentLabel : field.label}
            </label>
            <input
              id={field.name}
              name={field.name}
              type="password"
              className="input"
              autoComplete={field.autoComplete}
              required
              maxLength={1024}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy || undefined}
            />
            {field.hint ? (
              <span className="field-hint" id={`${field.name}-hint`}>
                {field.hint}
              </span>
            ) : null}
            {error ? (
              <span className="field-error" id={`${field.name}-error`}>
                {error}
              </span>
            ) : null}
          </div>
        );
      })}
      <div className="form-status" id="password-status" aria-live="polite">
        {shown.error ? (
          <p className="callout callout-error" role="alert">
            {shown.error}
          </p>
        ) : null}
      </div>
      <Button type="submit" variant="primary" busy={pending}>
        {pending ? 'Changing…' : 'Change password'}
      </Button>
    </form>
  );
}
