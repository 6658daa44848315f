'use client';

import { startAuthentication } from '@simplewebauthn/browser';
import { useActionState, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { signInAction } from './actions';
import { passkeyOptionsAction } from './passkey-actions';
import type { SignInState } from './sign-in-state';

/**
 * "Use a passkey": asks the server for a challenge, lets the browser ask the authenticator, then
 * posts its answer with the ticket through the same form (and so the same server action).
 */
function usePasskeyStep(ticket: string | undefined) {
  const formRef = useRef<HTMLFormElement>(null);
  const answerRef = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const ask = async () => {
    if (!ticket) return;
    setError(null);
    setAsking(true);
    try {
      const begun = await passkeyOptionsAction(ticket);
      if (!begun.ok) {
        setError(begun.error);
        return;
      }
      const answer = await startAuthentication({ optionsJSON: begun.options });
      if (answerRef.current) answerRef.current.value = JSON.stringify(answer);
      formRef.current?.requestSubmit();
    } catch {
      setError('The passkey was not used (cancelled, or it timed out). Try again, or enter a code.');
    } finally {
      setAsking(false);
    }
  };
  return { formRef, answerRef, error, asking, ask, clear: () => setError(null) };
}

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
  const passkey = usePasskeyStep(state.ticket);
  const error = pending ? null : (passkey.error ?? state.error);
  return (
    <form
      ref={passkey.formRef}
      action={action}
      onSubmit={passkey.clear}
      noValidate
      aria-describedby="sign-in-status"
    >
      <input type="hidden" name="callbackUrl" value={callbackUrl} />
      {state.ticket ? (
        <>
          <input type="hidden" name="ticket" value={state.ticket} />
          <input type="hidden" name="email" value={state.email} />
          <input type="hidden" name="passkey" ref={passkey.answerRef} defaultValue="" />
          <p className="muted">
            Signing in as <strong>{state.email}</strong>.{' '}
            {state.passkey
              ? 'Use your passkey, or enter the 6-digit code your authenticator app shows, or one of your recovery codes.'
              : 'Enter the 6-digit code your authenticator app shows, or one of your recovery codes.'}
          </p>
          {state.passkey ? (
            <p>
              <Button type="button" onClick={passkey.ask} busy={passkey.asking}>
                {passkey.asking ? 'Waiting for your passkey…' : 'Use a passkey'}
              </Button>
            </p>
          ) : null}
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
