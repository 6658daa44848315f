'use client';

import { startRegistration } from '@simplewebauthn/browser';
import { useRouter } from 'next/navigation';
import { useState, useTransition } from 'react';
import { Button } from '@/components/ui/button';
import { formatDate } from '@/components/ui/dates';
import type { PasskeySummary } from '@/lib/services/passkeys';
import { beginPasskeyAction, finishPasskeyAction, removePasskeyAction } from './passkey-actions';
import { RecoveryCodesCallout } from './recovery-codes-callout';

const when = (iso: string) => (
  <time dateTime={iso} suppressHydrationWarning>
    {formatDate(iso)}
  </time>
);

/**
 * The account's passkeys: add one (the browser asks the authenticator: a fingerprint, a phone, a
 * security key), see when each was last used, remove one. A first one comes with recovery codes.
 */
export function PasskeySection({ passkeys }: { passkeys: PasskeySummary[] }) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [adding, setAdding] = useState(false);
  const [removing, startRemoving] = useTransition();

  const add = async () => {
    setError(null);
    setNotice(null);
    setAdding(true);
    try {
      const begun = await beginPasskeyAction();
      if (!begun.ok) return setError(begun.error);
      let answer: Awaited<ReturnType<typeof startRegistration>>;
      try {
        answer = await startRegistration({ optionsJSON: begun.options });
      } catch {
        return setError('No passkey was made (cancelled, timed out, or this one is already added).');
      }
      const finished = await finishPasskeyAction(JSON.stringify(answer));
      if (!finished.ok) return setError(finished.error);
      setCodes(finished.recoveryCodes);
      setNotice('Passkey added. Signing in now offers it after your password.');
      router.refresh();
    } finally {
      setAdding(false);
    }
  };

  const remove = (passkey: PasskeySummary) =>
    startRemoving(async () => {
      setError(null);
      setNotice(null);
      const removed = await removePasskeyAction(passkey.id);
      if (!removed.ok) return setError(removed.error);
      setNotice(`Removed the passkey “${passkey.label}”.`);
      router.refresh();
    });

  return (
    <div>
      {codes ? <RecoveryCodesCallout title="Passkey added. Keep these recovery codes" codes={codes} /> : null}
      {passkeys.length === 0 ? (
        <p className="muted">
          None yet. A passkey signs you in with your fingerprint, face, phone or security key after your
          password, instead of a code.
        </p>
      ) : (
        <ul className="session-list" aria-label="Your passkeys">
          {passkeys.map((passkey) => (
            <li key={passkey.id}>
              <span>
                <strong>{passkey.label}</strong>
                <br />
                <span className="muted">
                  Added {when(passkey.createdAt)}
                  {passkey.lastUsedAt ? <>, last used {when(passkey.lastUsedAt)}</> : ', not used yet'}
                </span>
              </span>
              <Button
                size="sm"
                busy={removing}
                aria-label={`Remove the passkey ${passkey.label}`}
                onClick={() => remove(passkey)}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      <div aria-live="polite">
        {error ? (
          <p className="callout callout-error" role="alert">
            {error}
          </p>
        ) : null}
        {notice && !codes ? (
          <p className="callout callout-success" role="status">
            {notice}
          </p>
        ) : null}
      </div>
      <Button busy={adding} onClick={add}>
        {adding ? 'Waiting for your passkey…' : 'Add a passkey'}
      </Button>
    </div>
  );
}
