'use client';

import { useActionState } from 'react';
import { Button } from '@/components/ui/button';
import { signInAction } from './actions';
import type { SignInState } from './sign-in-state';

/**
 * Email and password, posted to a server action (works before JavaScript loads, too). The
 * error line has reserved space, so a message appearing does not move the form.
 */
export function SignInForm({
  callbackUrl,
  initialError,
}: {
  callbackUrl: string;
  initialError: string | null;
}) {
  const [state, action, pending] = useActionState<SignInState, FormData>(signInAction, {
    error: initialError,
    email: '',
  });
  const error = pending ? null : state.error;
  return (
    <form action={action} noValidate aria-describedby="sign-in-status">
      <input type="hidden" name="callbackUrl" value={callbackUrl} />
      {state.ticket ? (
        <>
          <input type="hidden" name="ticket" value={state.ticket} />
          <input type="hidden" name="email" value={state.email} />
          <p className="muted">
            Signing in as <strong>{state.email}</strong>. Enter the 6-digit code your authenticator app shows,
            or one of your recovery codes.
          </p>
          <div className="field">
            <label htmlFor="code">Code</label>
            <input
              id="code"
              name="code"
              type="text"
              className="input"
              autoComplete="one-time-code"
              spellCheck={false}
              required
              // biome-ignore lint/a11y/noAutofocus: the step exists only to take this code
              autoFocus
              aria-invalid={error ? true : undefined}
            />
          </div>
        </>
      ) : (
        <>
          <div className="field">
            <label htmlFor="email">Email</label>
            <input
              id="email"
              name="email"
              type="email"
              className="input"
              autoComplete="username"
              inputMode="email"
              required
              defaultValue={state.email}
              aria-invalid={error ? true : undefined}
            />
          </div>
          <div className="field">
            <label htmlFor="password">Password</label>
            <input
              id="password"
              name="password"
              type="password"
              className="input"
              autoComplete="current-password"
              required
              aria-invalid={error ? true : undefined}
            />
          </div>
        </>
      )}
      <div className="form-status" id="sign-in-status" aria-live="polite">
        {error ? (
          <p className="callout callout-error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
      <Button type="submit" variant="primary" busy={pending}>
        {pending ? 'Signing in…' : state.ticket ? 'Verify code' : 'Sign in'}
      </Button>
      {state.ticket ? (
        <p className="muted">
          <a href="/sign-in">Sign in as someone else</a>
        </p>
      ) : null}
    </form>
  );
}
