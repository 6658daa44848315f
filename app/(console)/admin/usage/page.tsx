import type { Metadata } from 'next';
import Link from 'next/link';
import { UsagePanel } from '@/components/admin/usage-panel';
import { PageHeader } from '@/components/shell/page-header';
import { ErrorCallout } from '@/components/ui/error-callout';
import { consoleIdentity } from '../../console-identity';

export const metadata: Metadata = { title: 'Usage' };

export default async function UsagePage() {
  const identity = await consoleIdentity();
  if (identity.role !== 'admin') {
    return (
      <>
        <PageHeader title="Usage" />
        <ErrorCallout title="Admins only">
          API usage needs the admin role in {identity.workspace.name}. Ask an admin of this workspace.
        </ErrorCallout>
      </>
    );
  }
  return (
    <>
      <PageHeader title="Usage">
        Requests to the API with the keys of {identity.workspace.name} over the last 30 days, per key and
        endpoint, by status class; and the Verify calls used against a trial quota. Counts are seconds behind
        at most. Keys are on the <Link href="/admin">Admin</Link> page.
      </PageHeader>
      <UsagePanel />
    </>
  );
}
