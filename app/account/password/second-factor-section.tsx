'use client';

import { useActionState, useState, useTransition } from 'react';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { formatDate } from '@/components/ui/dates';
import { RecoveryCodesCallout } from './recovery-codes-callout';
import { beginTotpAction, confirmTotpAction, disableTotpAction } from './second-factor-actions';
import { IDLE, type SecondFactorFormState } from './second-factor-state';

/**
 * Two-step sign-in with an authenticator app: set up (scan, confirm with a first code, keep the
 * ten recovery codes shown once), or turn off with a current code.
 */
export function SecondFactorSection({
  enrolledAt,
  recoveryCodesLeft,
}: {
  enrolledAt: string | null;
  recoveryCodesLeft: number;
}) {
  const [started, setStarted] = useState<SecondFactorFormState>(IDLE);
  const [starting, startTransition] = useTransition();
  const [confirmed, confirm, confirming] = useActionState(confirmTotpAction, IDLE);
  const [disabled, disable, disabling] = useActionState(disableTotpAction, IDLE);
  const state = confirmed.step === 'codes' ? confirmed : started;
  // A refused first code is the confirm action's answer; the QR code is the section's own state.
  const confirmError = confirmed.error ?? state.error;
  const turnedOff = disabled.step === 'idle' ? disabled.notice : undefined;

  if (state.step === 'codes')
    return (
      <RecoveryCodesCallout
        title="Two-step sign-in is on. Keep these recovery codes"
        codes={state.recoveryCodes}
      />
    );

  if (enrolledAt && turnedOff === undefined)
    return (
      <form action={disable}>
        <p>
          On since{' '}
          <time dateTime={enrolledAt} suppressHydrationWarning>
            {formatDate(enrolledAt)}
          </time>
          . {recoveryCodesLeft} of 10 recovery codes left.
        </p>
        <div className="field">
          <label htmlFor="disable-code">Code to turn it off</label>
          <input id="disable-code" name="code" className="input" autoComplete="one-time-code" required />
        </div>
        {disabled.error ? (
          <p className="callout callout-error" role="alert">
            {disabled.error}
          </p>
        ) : null}
        <Button type="submit" busy={disabling}>
          Turn off two-step sign-in
        </Button>
      </form>
    );

  if (state.step === 'scan')
    return (
      <form action={confirm}>
        <p>Scan this with your authenticator app, or type the key, then enter the code it shows.</p>
        {/* biome-ignore lint/performance/noImgElement: a data URL made on the server, not an optimisable asset */}
        <img src={state.qr} alt="QR code of the authenticator key" width={200} height={200} />
        <p>
          Key: <code>{state.secret}</code> <CopyButton text={state.secret} label="Copy key" />
        </p>
        <div className="field">
          <label htmlFor="totp-code">Code from the app</label>
          <input
            id="totp-code"
            name="code"
            className="input"
            inputMode="numeric"
            autoComplete="one-time-code"
            required
          />
        </div>
        {confirmError ? (
          <p className="callout callout-error" role="alert">
            {confirmError}
          </p>
        ) : null}
        <Button type="submit" variant="primary" busy={confirming}>
          Turn on two-step sign-in
        </Button>
      </form>
    );

  return (
    <div>
      <p className="muted">
        {turnedOff ??
          'Off. With it on, signing in also asks for a code from an authenticator app on your phone.'}
      </p>
      {state.error ? (
        <p className="callout callout-error" role="alert">
          {state.error}
        </p>
      ) : null}
      <Button
        busy={starting}
        onClick={() => startTransition(async () => setStarted(await beginTotpAction()))}
      >
        Set up an authenticator app
      </Button>
    </div>
  );
}
