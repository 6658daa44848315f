'use client';

import { CopyButton } from '@/components/ui/copy-button';
import { formatDateTime } from '@/components/ui/dates';
import { ShownOnceCallout } from '@/components/ui/shown-once-callout';
import type { IssuedSecret } from './key-types';

/** The new secret, shown once: it is not stored anywhere, so closing this loses it for good. */
export function IssuedSecretCallout({ secret, onDone }: { secret: IssuedSecret; onDone: () => void }) {
  return (
    <ShownOnceCallout
      title={
        secret.previousKeyId ? 'Key rotated. Copy the new secret now' : 'Key created. Copy the secret now'
      }
      doneLabel="I have stored it"
      onDone={onDone}
    >
      <p>It is shown only this once; Verity keeps only a hash of it.</p>
      <div className="secret">
        <code>{secret.key}</code>
        <CopyButton text={secret.key} label="Copy key" />
      </div>
      {secret.previousKeyId && secret.previousExpiresAt ? (
        <p className="muted">
          The old key <code>{secret.previousKeyId}</code> keeps working until{' '}
          {formatDateTime(secret.previousExpiresAt)}.
        </p>
      ) : null}
    </ShownOnceCallout>
  );
}
