'use client';

import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import type { AddedMember } from '@/lib/contract/console/members';

/**
 * The member just added. A new account's password is shown this once (there is no mail server
 * to send it): Verity keeps only a hash, so closing this loses it for good.
 */
export function MemberAddedCallout({ member, onDone }: { member: AddedMember; onDone: () => void }) {
  const heading = useRef<HTMLParagraphElement>(null);

  // Move focus here so keyboard and screen-reader users land on the password.
  useEffect(() => {
    heading.current?.focus();
  }, []);

  return (
    <div className="callout callout-success" aria-live="polite">
      <p className="callout-title" tabIndex={-1} ref={heading}>
        {member.password
          ? `${member.email} added as ${member.role}. Copy their password now`
          : `${member.email} added as ${member.role}`}
      </p>
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
      <div>
        <Button size="sm" onClick={onDone}>
          {member.password ? 'I have handed it over' : 'Done'}
        </Button>
      </div>
    </div>
  );
}
