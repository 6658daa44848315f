import type { Metadata } from 'next';
import { PageHeader } from '@/components/shell/page-header';
import { SignalsLookup } from '@/components/signals/signals-lookup';

export const metadata: Metadata = { title: 'Signals' };

export default function SignalsPage() {
  return (
    <>
      <PageHeader title="Signals lookup">
        What the identity graph holds about an email: when it was seen, how sure the graph is, its activity
        from the last hour to the last year, and the phones, profiles and places linked to it. Looking it up
        here is not activity of the applicant: seen dates and counts stay as they were.
      </PageHeader>
      <SignalsLookup />
    </>
  );
}
