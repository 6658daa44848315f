'use client';

import { CopyButton } from '@/components/ui/copy-button';
import { ShownOnceCallout } from '@/components/ui/shown-once-callout';
import type { AddedMember } from '@/lib/contract/console/members';

/**
 * The member just added. A new account's password is shown this once (there is no mail server
 * to send it): Verity keeps only a hash, so closing this loses it for good.
 */
export function MemberAddedCallout({ member, onDone }: { member: AddedMember; onDone: () => void }) {
  return (
    <ShownOnceCallout
      title={
        member.password
          ? `${member.email} added as ${member.role}. Copy their password now`
          : `${member.email} added as ${member.role}`
      }
      doneLabel={member.password ? 'I have handed it over' : 'Done'}
      onDone={onDone}
    >
      {member.password ? (
        <>
          <p>
            Hand it to them over a channel you trust; it is shown only this once. They sign in at{' '}
            <code>/sign-in</code> with their e-mail and this password.
          </p>
          <div className="secret">
            <code>{member.password}</code>
            <CopyButton text={member.password} label="Copy password" />
          </div>
        </>
      ) : (
        <p>
          They already have an account and sign in with their own password; this workspace is now theirs too.
        </p>
      )}
    </ShownOnceCallout>
  );
}
