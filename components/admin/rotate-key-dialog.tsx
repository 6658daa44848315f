'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { consoleFetch } from '@/components/data/console-fetch';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { ErrorCallout } from '@/components/ui/error-callout';
import { type IssuedSecret, KEYS_QUERY, type KeySummary } from './key-types';

const GRACE_OPTIONS = [
  { seconds: 0, label: 'Stop the old key now' },
  { seconds: 3600, label: '1 hour' },
  { seconds: 24 * 3600, label: '24 hours' },
  { seconds: 7 * 24 * 3600, label: '7 days' },
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
        </div>
        {rotate.error ? (
          <ErrorCallout title="The key was not rotated">{rotate.error.message}</ErrorCallout>
        ) : null}
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
