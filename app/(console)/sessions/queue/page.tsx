import type { Metadata } from 'next';
import Link from 'next/link';
import { ReviewQueuePanel } from '@/components/decisions/review-queue';
import styles from '@/components/sessions/sessions.module.css';
import { PageHeader } from '@/components/shell/page-header';
import { consoleIdentity } from '../../console-identity';

export const metadata: Metadata = { title: 'Review queue' };

export default async function ReviewQueuePage() {
  const identity = await consoleIdentity();
  return (
    <>
      <nav aria-label="Breadcrumb" className={`field-hint ${styles.breadcrumb}`}>
        <Link href="/sessions">Sessions</Link> <span aria-hidden="true">/</span>{' '}
        <span aria-current="page">Review queue</span>
      </nav>
      <PageHeader title="Review queue">
        The sessions that need a person: high and medium risk without a decision, oldest first (or highest
        risk first), each with who applied and why. Claim one so others see you have it, open it, and decide.
      </PageHeader>
      <ReviewQueuePanel me={identity.userId} />
    </>
  );
}
