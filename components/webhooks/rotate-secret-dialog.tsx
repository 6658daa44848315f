'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { consoleFetch } from '@/components/data/console-fetch';
import type { WebhookEndpoint } from '@/lib/contract/console/webhooks';
import { ConfirmEndpointDialog } from './confirm-endpoint-dialog';
import { endpointPath, type RotatedSecret, type ShownSecret, WEBHOOKS_QUERY } from './webhook-types';

interface RotateSecretDialogProps {
  endpoint: WebhookEndpoint;
  open: boolean;
  onClose: () => void;
  onRotated: (shown: ShownSecret) => void;
}

/** A new signing secret; the old one keeps signing for 24 hours so the receiver can switch. */
export function RotateSecretDialog({ endpoint, open, onClose, onRotated }: RotateSecretDialogProps) {
  const queryClient = useQueryClient();
  const rotate = useMutation({
    mutationFn: () =>
      consoleFetch<RotatedSecret>(endpointPath(endpoint.id, 'rotate-secret'), { method: 'POST' }),
    onSuccess: async ({ secret, previousExpiresAt }) => {
      onClose();
      onRotated({ endpoint, secret, previousExpiresAt });
      await queryClient.invalidateQueries({ queryKey: WEBHOOKS_QUERY, exact: true });
    },
  });

  return (
    <ConfirmEndpointDialog
      open={open}
      onClose={onClose}
      title={`Rotate the secret of ${endpoint.url}?`}
      confirmLabel="Rotate secret"
      variant="primary"
      busy={rotate.isPending}
      error={rotate.error}
      errorTitle="The secret was not rotated"
      onConfirm={() => rotate.mutate()}
    >
      <p>
        A new secret is shown once. For 24 hours every delivery is signed with both the old and the new
        secret, so your receiver can switch without missing one; then the old secret stops signing.
      </p>
    </ConfirmEndpointDialog>
  );
}
