import type { Metadata } from 'next';
import { ComingSoon } from '@/components/shell/coming-soon';

export const metadata: Metadata = { title: 'Investigate' };

export default function InvestigatePage() {
  return (
    <ComingSoon
      title="Investigate"
      summary="Enter what you know about an applicant and see every check, the risk score and what the identity graph holds."
    >
      <p className="muted">
        Until then, the console's data route <code>POST /api/console/verify</code> and the public{' '}
        <code>POST /api/verify</code> give the same answers.
      </p>
    </ComingSoon>
  );
}
