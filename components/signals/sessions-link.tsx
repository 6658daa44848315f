import Link from 'next/link';
import { buttonClass } from '@/components/ui/button';

/**
 * The pivot from an identifier Signals shows to the workspace's sessions that used it (the
 * Sessions search, matched by keyed hash).
 */
export function SessionsLink({ query, subject }: { query: string; subject: string }) {
  return (
    <Link
      href={`/sessions?q=${encodeURIComponent(query)}`}
      className={buttonClass('ghost', 'sm')}
      aria-label={`Sessions that used ${subject}`}
    >
      Sessions
    </Link>
  );
}
