import type { Metadata } from 'next';
import { InvestigateView } from '@/components/investigate/investigate-view';
import { PageHeader } from '@/components/shell/page-header';

export const metadata: Metadata = { title: 'Investigate' };

/** `?session=<id>` (the Sessions page's "Continue this session in Investigate") prefills the session to join. */
export default async function InvestigatePage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { session } = await searchParams;
  const initialSessionId = (Array.isArray(session) ? session[0] : session)?.trim().slice(0, 64) ?? '';
  return (
    <>
      <PageHeader title="Investigate">
        Enter what you know about an applicant, see the exact request, and run Verify (risk, every check and
        how it moved the score) or Signals (what the identity graph holds). Your lookups are yours, not the
        applicant's: they leave seen dates, counts and links as they were.
      </PageHeader>
      <InvestigateView initialSessionId={initialSessionId} />
    </>
  );
}
