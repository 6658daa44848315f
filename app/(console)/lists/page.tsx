import type { Metadata } from 'next';
import { ListsPanel } from '@/components/lists/lists-panel';
import { WorkspaceListsCard } from '@/components/lists/workspace-lists-card';
import { PageHeader } from '@/components/shell/page-header';

export const metadata: Metadata = { title: 'Lists' };

export default function ListsPage() {
  return (
    <>
      <PageHeader title="Lists">
        This workspace's own block and allow lists, then the reference lists behind the checks (sanctions,
        Tor, iCloud Private Relay, VPN and data-center ranges, SSA tables), each with its date, size and age:
        sanctions lists older than 7 days and Tor lists older than a day are flagged stale. The reference
        lists are shared by every workspace of this server.
      </PageHeader>
      <WorkspaceListsCard />
      <ListsPanel />
    </>
  );
}
