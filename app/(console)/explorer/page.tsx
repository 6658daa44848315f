import type { Metadata } from 'next';
import { ExplorerPanel } from '@/components/explorer/explorer-panel';
import { PageHeader } from '@/components/shell/page-header';

export const metadata: Metadata = { title: 'API explorer' };

export default function ExplorerPage() {
  return (
    <>
      <PageHeader title="API explorer">
        Send a request to the public API with an API key, exactly as a backend would, and read the status,
        headers and body it answers. Calls count against the key&apos;s workspace like any other.
      </PageHeader>
      <ExplorerPanel />
    </>
  );
}
