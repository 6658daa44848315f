import type { Metadata } from 'next';
import { BatchPanel } from '@/components/batch/batch-panel';
import { PageHeader } from '@/components/shell/page-header';

export const metadata: Metadata = { title: 'Batch' };

export default function BatchPage() {
  return (
    <>
      <PageHeader title="Batch">
        Upload a CSV of applicants, verify each of them and download the results as CSV.
      </PageHeader>
      <BatchPanel />
    </>
  );
}
