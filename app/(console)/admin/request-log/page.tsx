import type { Metadata } from 'next';
import { AdminsOnly } from '@/components/admin/admins-only';
import { RequestLogPanel } from '@/components/admin/request-log-panel';
import { PageHeader } from '@/components/shell/page-header';
import { consoleIdentity } from '../../console-identity';

export const metadata: Metadata = { title: 'Request log' };

export default async function RequestLogPage() {
  const identity = await consoleIdentity();
  if (identity.role !== 'admin') {
    return (
      <AdminsOnly title="Request log" what="Reading the request log" workspace={identity.workspace.name} />
    );
  }
  return (
    <>
      <PageHeader title="Request log">
        The {identity.workspace.name} workspace's API calls: operation, status, latency, key and request id,
        and the problem body of each error, to debug an integration from its calls. No request body is kept.
      </PageHeader>
      <RequestLogPanel />
    </>
  );
}
