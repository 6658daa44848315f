import type { Metadata } from 'next';
import { AdminsOnly } from '@/components/admin/admins-only';
import { PageHeader } from '@/components/shell/page-header';
import { WebhooksPanel } from '@/components/webhooks/webhooks-panel';
import { consoleIdentity } from '../../console-identity';

export const metadata: Metadata = { title: 'Webhooks' };

export default async function WebhooksPage() {
  const identity = await consoleIdentity();
  if (identity.role !== 'admin') {
    return (
      <AdminsOnly title="Webhooks" what="Managing webhook endpoints" workspace={identity.workspace.name} />
    );
  }
  return (
    <>
      <PageHeader title="Webhooks">
        Endpoints of {identity.workspace.name} that receive its events, signed, retried and replayable
        (docs/api/webhooks.md). Each endpoint's secret is shown once, when it is added or rotated.
      </PageHeader>
      <WebhooksPanel />
    </>
  );
}
