'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { consoleFetch } from '@/components/data/console-fetch';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { ErrorCallout } from '@/components/ui/error-callout';
import { KEYS_QUERY, type KeySummary } from './key-types';

interface RevokeKeyDialogProps {
  keySummary: KeySummary;
  open: boolean;
  onClose: () => void;
}

/** Revocation is immediate: confirm first, naming the key. */
export function RevokeKeyDialog({ keySummary, open, onClose }: RevokeKeyDialogProps) {
  const queryClient = useQueryClient();
  const revoke = useMutation({
    mutationFn: () =>
      consoleFetch<{ id: string; revokedAt: string }>(
        `/api/console/keys/${encodeURIComponent(keySummary.id)}/revoke`,
        { method: 'POST' },
      ),
    onSuccess: async () => {
      onClose();
      await queryClient.invalidateQueries({ queryKey: KEYS_QUERY });
    },
  });

  return (
    <Dialog open={open} onClose={onClose} title={`Revoke ${keySummary.name ?? keySummary.start}?`}>
      <p>
        Requests with <code>{keySummary.start}…</code> are refused from the moment you confirm. The key stays
        listed, marked revoked, and the revocation is recorded in the audit log.
      </p>
      {revoke.error ? (
        <ErrorCallout title="The key was not revoked">{revoke.error.message}</ErrorCallout>
      ) : null}
      <div className="dialog-actions">
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="danger" busy={revoke.isPending} onClick={() => revoke.mutate()}>
          Revoke key
        </Button>
      </div>
    </Dialog>
  );
}
