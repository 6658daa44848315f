'use client';

import { useMutation } from '@tanstack/react-query';
import { consoleFetch } from '@/components/data/console-fetch';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { formatDateTime } from '@/components/ui/dates';
import { Dialog } from '@/components/ui/dialog';
import { ProblemCallout } from '@/components/ui/problem-callout';
import type { MemberSummary } from '@/lib/contract/console/members';

interface IssuedPassword {
  userId: string;
  email: string;
  password: string;
  expiresAt: string;
  mustChangePassword: true;
}

/**
 * Resets a member's password, confirmed first: their sessions end at once and they get a
 * one-time password (shown here once, valid a day) that they must replace at their next sign-in.
 */
export function ResetPasswordDialog({ member, onClose }: { member: MemberSummary; onClose: () => void }) {
  const reset = useMutation({
    mutationFn: () =>
      consoleFetch<IssuedPassword>(
        `/api/console/members/${encodeURIComponent(member.userId)}/password-reset`,
        { method: 'POST' },
      ),
  });
  const issued = reset.data;
  return (
    <Dialog open onClose={onClose} title={`Reset the password of ${member.email}?`}>
      {issued ? (
        <>
          <p role="status">
            Done: {member.email} is signed out everywhere. Hand them this one-time password over a channel you
            trust; it is shown only this once and works until {formatDateTime(issued.expiresAt)}. At sign-in
            they must choose their own.
          </p>
          <div className="secret">
            <code>{issued.password}</code>
            <CopyButton text={issued.password} label="Copy one-time password" />
          </div>
          <div className="dialog-actions">
            <Button variant="primary" onClick={onClose}>
              I have handed it over
            </Button>
          </div>
        </>
      ) : (
        <>
          <p>
            Their password stops working and every session they have ends at once. You get a one-time password
            to pass on, valid for 24 hours; they must replace it when they sign in. The reset is recorded in
            the audit log.
          </p>
          {reset.error ? <ProblemCallout error={reset.error} title="The password was not reset" /> : null}
          <div className="dialog-actions">
            <Button onClick={onClose}>Cancel</Button>
            <Button variant="danger" busy={reset.isPending} onClick={() => reset.mutate()}>
              Reset password
            </Button>
          </div>
        </>
      )}
    </Dialog>
  );
}
