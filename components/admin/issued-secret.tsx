'use client';

import { useEffect, useRef } from 'react';
import { formatDateTime } from '@/components/sessions/format';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import type { IssuedSecret } from './key-types';

/** The new secret, shown once: it is not stored anywhere, so closing this loses it for good. */
export function IssuedSecretCallout({ secret, onDone }: { secret: IssuedSecret; onDone: () => void }) {
  const heading = useRef<HTMLParagraphElement>(null);

  // Move focus here so keyboard and screen-reader users land on the secret.
  useEffect(() => {
    heading.current?.focus();
  }, []);

  return (
    <div className="callout callout-success" aria-live="polite">
      <p className="callout-title" tabIndex={-1} ref={heading}>
        {secret.previousKeyId ? 'Key rotated. Copy the new secret now' : 'Key created. Copy the secret now'}
      </p>
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
      <div>
        <Button size="sm" onClick={onDone}>
          I have stored it
        </Button>
      </div>
    </div>
  );
}
