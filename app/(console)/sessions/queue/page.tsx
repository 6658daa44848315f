import type { Metadata } from 'next';
import Link from 'next/link';
import { parseQueueSearch } from '@/components/decisions/queue-context';
import { ReviewQueuePanel } from '@/components/decisions/review-queue';
import styles from '@/components/sessions/sessions.module.css';
import { PageHeader } from '@/components/shell/page-header';
import { consoleIdentity } from '../../console-identity';

export const metadata: Metadata = { title: 'Review queue' };

export default async function ReviewQueuePage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const identity = await consoleIdentity();
  // The order and filters live in the URL; a malformed one falls back to the whole queue.
  const initial = parseQueueSearch(await searchParams) ?? { sort: 'age' as const };
  return (
    <>
      <nav aria-label="Breadcrumb" className={`field-hint ${styles.breadcrumb}`}>
        <Link href="/sessions">Sessions</Link> <span aria-hidden="true">/</span>{' '}
        <span aria-current="page">Review queue</span>
      </nav>
      <PageHeader title="Review queue">
        The sessions that need a person: those the workspace's rules sent to review, and, where no rules
        decided, high and medium risk, without a decision; oldest or highest risk first, filtered by band,
        reason or who holds them, each with who applied and why. Claim one so others see you have it, open it,
        and decide.
      </PageHeader>
      <ReviewQueuePanel me={identity.userId} initial={initial} />
    </>
  );
}
