import type { Metadata } from 'next';
import Link from 'next/link';
import { AdminsOnly } from '@/components/admin/admins-only';
import { UsagePanel } from '@/components/admin/usage-panel';
import { PageHeader } from '@/components/shell/page-header';
import { consoleIdentity } from '../../console-identity';

export const metadata: Metadata = { title: 'Usage' };

export default async function UsagePage() {
  const identity = await consoleIdentity();
  if (identity.role !== 'admin') {
    return <AdminsOnly title="Usage" what="API usage" workspace={identity.workspace.name} />;
  }
  return (
    <>
      <PageHeader title="Usage">
        Requests to the API with the keys of {identity.workspace.name} over the last 30 days, per key and
        endpoint, by status class; and the Verify calls used against a trial quota. Counts are seconds behind
        at most. Keys are on the <Link href="/admin">Keys</Link> tab.
      </PageHeader>
      <UsagePanel />
    </>
  );
}
