import type { Metadata } from 'next';
import { InvestigateView } from '@/components/investigate/investigate-view';
import { PageHeader } from '@/components/shell/page-header';

export const metadata: Metadata = { title: 'Investigate' };

export default function InvestigatePage() {
  return (
    <>
      <PageHeader title="Investigate">
        Enter what you know about an applicant, see the exact request, and run Verify (risk, every check and
        how it moved the score) or Signals (what the identity graph holds).
      </PageHeader>
      <InvestigateView />
    </>
  );
}
