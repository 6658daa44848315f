import type { Metadata } from 'next';
import { ComingSoon } from '@/components/shell/coming-soon';

export const metadata: Metadata = { title: 'Sessions' };

export default function SessionsPage() {
  return (
    <ComingSoon
      title="Sessions"
      summary="The workspace's Verify sessions, most recently active first, with each call and how its risk moved."
    />
  );
}
