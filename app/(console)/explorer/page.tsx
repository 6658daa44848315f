import type { Metadata } from 'next';
import { ComingSoon } from '@/components/shell/coming-soon';

export const metadata: Metadata = { title: 'API explorer' };

export default function ExplorerPage() {
  return (
    <ComingSoon
      title="API explorer"
      summary="Compose Verify and Signals requests, send them as this workspace and read the raw answers."
    />
  );
}
