'use client';

import { CopyButton } from '@/components/ui/copy-button';
import { formatDateTime } from '@/components/ui/dates';
import { ShownOnceCallout } from '@/components/ui/shown-once-callout';
import type { ShownSecret } from './webhook-types';

/** An endpoint's signing secret, shown once: Verity cannot show it again, only rotate it. */
export function EndpointSecretCallout({ shown, onDone }: { shown: ShownSecret; onDone: () => void }) {
  return (
    <ShownOnceCallout
      title={
        shown.previousExpiresAt
          ? 'Secret rotated. Copy the new signing secret now'
          : 'Endpoint added. Copy the signing secret now'
      }
      doneLabel="I have stored it"
      onDone={onDone}
    >
      <p>
        It is shown only this once. Your receiver verifies each delivery to <code>{shown.endpoint.url}</code>{' '}
        with it (Standard Webhooks signatures).
      </p>
      <div className="secret">
        <code>{shown.secret}</code>
        <CopyButton text={shown.secret} label="Copy secret" />
      </div>
      {shown.previousExpiresAt ? (
        <p className="muted">
          The previous secret keeps signing beside this one until {formatDateTime(shown.previousExpiresAt)}.
        </p>
      ) : null}
    </ShownOnceCallout>
  );
}
