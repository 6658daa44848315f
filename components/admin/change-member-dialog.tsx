'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { consoleFetch } from '@/components/data/console-fetch';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { ProblemCallout } from '@/components/ui/problem-callout';
import type { MemberSummary } from '@/lib/contract/console/members';
import type { Role } from '@/lib/contract/roles';
import { MEMBERS_QUERY, ROLE_HELP } from './member-types';

/** A role change or a removal, confirmed first: both apply to the member's very next click. */
export type MemberChange =
  | { kind: 'role'; member: MemberSummary; role: Role }
  | { kind: 'remove'; member: MemberSummary };

export function ChangeMemberDialog({
  change,
  onClose,
  onDone,
}: {
  change: MemberChange;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const queryClient = useQueryClient();
  const { member } = change;
  const path = `/api/console/members/${encodeURIComponent(member.userId)}`;
  const apply = useMutation({
    mutationFn: () =>
      change.kind === 'role'
        ? consoleFetch<MemberSummary>(path, { method: 'PATCH', body: { role: change.role } })
        : consoleFetch<MemberSummary>(path, { method: 'DELETE' }),
    onSuccess: async () => {
      onDone(
        change.kind === 'role'
          ? `${member.email} is now ${change.role}.`
          : `${member.email} was removed from this workspace.`,
      );
      await queryClient.invalidateQueries({ queryKey: MEMBERS_QUERY });
    },
  });

  const title = change.kind === 'role' ? `Make ${member.email} ${change.role}?` : `Remove ${member.email}?`;
  return (
    <Dialog open onClose={onClose} title={title}>
      {change.kind === 'role' ? (
        <p>
          As {change.role}, they {ROLE_HELP[change.role]}. The change applies to their next click in the
          console and is recorded in the audit log.
        </p>
      ) : (
        <p>
          Their console session stops working in this workspace at once; their account and any other
          workspaces stay. The removal is recorded in the audit log.
        </p>
      )}
      {apply.error ? (
        <ProblemCallout
          error={apply.error}
          title={change.kind === 'role' ? 'The role was not changed' : 'The member was not removed'}
        />
      ) : null}
      <div className="dialog-actions">
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant={change.kind === 'remove' ? 'danger' : 'primary'}
          busy={apply.isPending}
          onClick={() => apply.mutate()}
        >
          {change.kind === 'role' ? `Make ${change.role}` : 'Remove member'}
        </Button>
      </div>
    </Dialog>
  );
}
