'use client';

import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatDateTime } from '@/components/ui/dates';
import type { MemberSummary } from '@/lib/contract/console/members';
import { ChangeMemberDialog, type MemberChange } from './change-member-dialog';
import { ResetPasswordDialog } from './reset-password-dialog';
import { ResetSecondFactorDialog } from './reset-second-factor-dialog';

/**
 * The workspace's members with their role and whether they use two-step sign-in; each can be
 * promoted, demoted, removed, or have their password or second factor reset (each confirmed first).
 */
export function MemberTable({
  members,
  currentUserId,
  onChanged,
}: {
  members: MemberSummary[];
  currentUserId: string;
  onChanged: (message: string) => void;
}) {
  const [pending, setPending] = useState<MemberChange | null>(null);
  const [resetting, setResetting] = useState<MemberSummary | null>(null);
  const [resettingFactor, setResettingFactor] = useState<MemberSummary | null>(null);
  const close = () => setPending(null);

  return (
    <div className="table-wrap">
      <table className="table table-cards">
        <caption className="visually-hidden">Members of this workspace</caption>
        <thead>
          <tr>
            <th scope="col">E-mail</th>
            <th scope="col">Role</th>
            <th scope="col">Two-step sign-in</th>
            <th scope="col">Member since</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {members.map((member) => {
            const other = member.role === 'admin' ? 'analyst' : 'admin';
            return (
              <tr key={member.userId}>
                <td>
                  {member.email}
                  {member.userId === currentUserId ? <span className="muted"> (you)</span> : null}
                </td>
                <td data-label="Role">
                  <Badge tone={member.role === 'admin' ? 'info' : 'neutral'}>{member.role}</Badge>
                </td>
                <td data-label="Two-step">
                  <Badge tone={member.secondFactor ? 'success' : 'neutral'}>
                    {member.secondFactor ? 'On' : 'Off'}
                  </Badge>
                </td>
                <td data-label="Member since">{formatDateTime(member.since)}</td>
                <td>
                  <div className="row-actions">
                    <Button
                      size="sm"
                      aria-label={`Make ${member.email} ${other}`}
                      onClick={() => setPending({ kind: 'role', member, role: other })}
                    >
                      Make {other}
                    </Button>
                    {member.userId === currentUserId ? null : (
                      <Button
                        size="sm"
                        aria-label={`Reset the password of ${member.email}`}
                        onClick={() => setResetting(member)}
                      >
                        Reset password
                      </Button>
                    )}
                    {member.secondFactor && member.userId !== currentUserId ? (
                      <Button
                        size="sm"
                        aria-label={`Reset two-step sign-in of ${member.email}`}
                        onClick={() => setResettingFactor(member)}
                      >
                        Reset two-step
                      </Button>
                    ) : null}
                    <Button
                      size="sm"
                      aria-label={`Remove ${member.email}`}
                      onClick={() => setPending({ kind: 'remove', member })}
                    >
                      Remove
                    </Button>
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {resetting ? <ResetPasswordDialog member={resetting} onClose={() => setResetting(null)} /> : null}
      {resettingFactor ? (
        <ResetSecondFactorDialog
          member={resettingFactor}
          onClose={() => setResettingFactor(null)}
          onDone={(message) => {
            setResettingFactor(null);
            onChanged(message);
          }}
        />
      ) : null}
      {pending ? (
        <ChangeMemberDialog
          change={pending}
          onClose={close}
          onDone={(message) => {
            close();
            onChanged(message);
          }}
        />
      ) : null}
    </div>
  );
}
