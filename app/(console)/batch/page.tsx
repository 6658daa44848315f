import type { Metadata } from 'next';
import { ComingSoon } from '@/components/shell/coming-soon';

export const metadata: Metadata = { title: 'Batch' };

export default function BatchPage() {
  return (
    <ComingSoon
      title="Batch"
      summary="Upload a CSV of applicants, verify them all and download the results."
    />
  );
}
