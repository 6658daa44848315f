'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { consoleFetch } from '@/components/data/console-fetch';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { ProblemCallout } from '@/components/ui/problem-callout';
import type { MemberSummary } from '@/lib/contract/console/members';
import { MEMBERS_QUERY } from './member-types';

/**
 * Removes a member's second factor and recovery codes, confirmed first: for a member who lost the
 * phone and the codes. They sign in with the password alone until they set one up again.
 */
export function ResetSecondFactorDialog({
  member,
  onClose,
  onDone,
}: {
  member: MemberSummary;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const queryClient = useQueryClient();
  const reset = useMutation({
    mutationFn: () =>
      consoleFetch<{ userId: string; email: string; removed: boolean }>(
        `/api/console/members/${encodeURIComponent(member.userId)}/second-factor`,
        { method: 'DELETE' },
      ),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: MEMBERS_QUERY });
      onDone(`Two-step sign-in of ${member.email} was reset; they set it up again after signing in.`);
    },
  });
  return (
    <Dialog open onClose={onClose} title={`Reset two-step sign-in of ${member.email}?`}>
      <p>
        Their authenticator app, passkeys and recovery codes stop working. They sign in with their password
        alone and set up a second factor again on their account page (at once, if this workspace requires it).
        Do this only once you know it is them asking. The reset is recorded in the audit log.
      </p>
      {reset.error ? <ProblemCallout error={reset.error} title="Two-step sign-in was not reset" /> : null}
      <div className="dialog-actions">
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="danger" busy={reset.isPending} onClick={() => reset.mutate()}>
          Reset two-step sign-in
        </Button>
      </div>
    </Dialog>
  );
}
