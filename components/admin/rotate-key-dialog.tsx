'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { consoleFetch } from '@/components/data/console-fetch';
import { Button } from '@/components/ui/button';
import { formatDateTime } from '@/components/ui/dates';
import { Dialog } from '@/components/ui/dialog';
import { ProblemCallout } from '@/components/ui/problem-callout';
import { type IssuedSecret, KEYS_QUERY, type KeySummary } from './key-types';

const GRACE_OPTIONS = [
  { seconds: 0, label: 'Stop the old key now' },
  { seconds: 3600, label: '1 hour' },
  { seconds: 24 * 3600, label: '24 hours' },
  { seconds: 7 * 24 * 3600, label: '7 days' },
  { seconds: 30 * 24 * 3600, label: '30 days' },
];

interface RotateKeyDialogProps {
  keySummary: KeySummary;
  open: boolean;
  onClose: () => void;
  onIssued: (secret: IssuedSecret) => void;
}

/** Rotation: a new secret with the same scopes; the old one keeps working for a grace period. */
export function RotateKeyDialog({ keySummary, open, onClose, onIssued }: RotateKeyDialogProps) {
  const queryClient = useQueryClient();
  const [graceSeconds, setGraceSeconds] = useState(3600);
  // The service caps the grace at the key's own expiry; say so before it happens.
  const cappedAt =
    keySummary.expiresAt && Date.parse(keySummary.expiresAt) < Date.now() + graceSeconds * 1000
      ? keySummary.expiresAt
      : null;
  const rotate = useMutation({
    mutationFn: () =>
      consoleFetch<IssuedSecret>(`/api/console/keys/${encodeURIComponent(keySummary.id)}/rotate`, {
        body: { graceSeconds },
      }),
    onSuccess: async (issued) => {
      onIssued(issued);
      onClose();
      await queryClient.invalidateQueries({ queryKey: KEYS_QUERY });
    },
  });

  return (
    <Dialog open={open} onClose={onClose} title={`Rotate ${keySummary.name ?? keySummary.start}`}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          rotate.mutate();
        }}
      >
        <p>A new secret replaces this key, with the same scopes. Deploy it, then let the old one expire.</p>
        <div className="field">
          <label htmlFor={`grace-${keySummary.id}`}>The old key keeps working for</label>
          <select
            id={`grace-${keySummary.id}`}
            aria-describedby={`grace-${keySummary.id}-hint`}
            className="select"
            value={graceSeconds}
            onChange={(event) => setGraceSeconds(Number(event.target.value))}
          >
            {GRACE_OPTIONS.map((option) => (
              <option key={option.seconds} value={option.seconds}>
                {option.label}
              </option>
            ))}
          </select>
          <span className="field-hint" id={`grace-${keySummary.id}-hint`}>
            {cappedAt
              ? `This key expires on ${formatDateTime(cappedAt)}: the grace period ends then at the latest.`
              : 'The new key has the same scopes and rate limit, and no expiry.'}
          </span>
        </div>
        {rotate.error ? <ProblemCallout error={rotate.error} title="The key was not rotated" /> : null}
        <div className="dialog-actions">
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="primary" busy={rotate.isPending}>
            Rotate key
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
