import type { Metadata } from 'next';
import Link from 'next/link';
import { parseBand } from '@/components/sessions/format';
import { SessionsPanel } from '@/components/sessions/sessions-panel';
import { PageHeader } from '@/components/shell/page-header';

export const metadata: Metadata = { title: 'Sessions' };

export default async function SessionsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { band, q } = await searchParams;
  const query = (Array.isArray(q) ? q[0] : q)?.trim().slice(0, 320) ?? '';
  return (
    <>
      <PageHeader title="Sessions">
        The workspace&apos;s Verify sessions, most recently active first. Inputs are masked; open a session to
        see each call and how its risk moved, or search by id or identifier. The{' '}
        <Link href="/sessions/queue" prefetch={false}>
          review queue
        </Link>{' '}
        lists those waiting for a decision.
      </PageHeader>
      <SessionsPanel initialBand={parseBand(band)} initialQuery={query} />
    </>
  );
}
