import Link from 'next/link';
import { buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';

/** A session id this workspace does not have: mistyped, or another workspace's. */
export function SessionNotFound() {
  return (
    <Card>
      <EmptyState
        title="No such session in this workspace"
        action={
          <Link href="/sessions" className={buttonClass('secondary', 'sm')}>
            Back to sessions
          </Link>
        }
      >
        The id may be mistyped, or the session belongs to another workspace: switch workspace from the header
        if so.
      </EmptyState>
    </Card>
  );
}
