import type { Metadata } from 'next';
import Link from 'next/link';
import { parseQueueSearch, queueHref, queueSearch } from '@/components/decisions/queue-context';
import { SessionDetailView } from '@/components/sessions/session-detail';
import { SessionNotFound } from '@/components/sessions/session-not-found';
import styles from '@/components/sessions/sessions.module.css';
import { PageHeader } from '@/components/shell/page-header';
import { db } from '@/lib/db/client';
import { SESSION_ID_PATTERN } from '@/lib/ids/ids';
import { sessionExists } from '@/lib/services/sessions-query';
import { consoleIdentity } from '../../console-identity';

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  const { id } = await params;
  return { title: `Session ${id.slice(0, 12)}…` };
}

export default async function SessionPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { id } = await params;
  const { queue: fromQueue } = await searchParams;
  const identity = await consoleIdentity();
  // Opened from the review queue: deciding opens the next session of the same queue.
  const queueQuery = typeof fromQueue === 'string' ? parseQueueSearch(fromQueue) : null;
  const queue = queueQuery ? { search: queueSearch(queueQuery), me: identity.userId } : undefined;
  // Checked here rather than by the client's fetch: an unknown id is an answer, not a failed request.
  const exists =
    SESSION_ID_PATTERN.test(id) &&
    (await sessionExists(db(), { workspaceId: identity.workspace.id, actor: identity.userId }, id));
  return (
    <>
      <nav aria-label="Breadcrumb" className={`field-hint ${styles.breadcrumb}`}>
        <Link href="/sessions">Sessions</Link> <span aria-hidden="true">/</span>{' '}
        {queue ? (
          <>
            <Link href={queueHref(queue.search)}>Review queue</Link> <span aria-hidden="true">/</span>{' '}
          </>
        ) : null}
        <span aria-current="page">{id}</span>
      </nav>
      <PageHeader title="Session">
        Every call of this session in order: what it added, and how the risk moved with it.
      </PageHeader>
      {exists ? <SessionDetailView id={id} queue={queue} /> : <SessionNotFound />}
    </>
  );
}
