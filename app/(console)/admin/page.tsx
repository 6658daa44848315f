import type { Metadata } from 'next';
import { AdminsOnly } from '@/components/admin/admins-only';
import { DeletionForm } from '@/components/admin/deletion-form';
import { KeysPanel } from '@/components/admin/keys-panel';
import { PageHeader } from '@/components/shell/page-header';
import { consoleIdentity } from '../console-identity';

export const metadata: Metadata = { title: 'Admin' };

export default async function AdminPage() {
  const identity = await consoleIdentity();
  if (identity.role !== 'admin') {
    return (
      <AdminsOnly
        title="Admin"
        what="Managing API keys, members, settings and deletions"
        workspace={identity.workspace.name}
      />
    );
  }
  return (
    <>
      <PageHeader title="Admin">
        API keys and data-subject deletions of the {identity.workspace.name} workspace; its members, audit log
        and settings are on the tabs above. Every change is recorded in its audit log.
      </PageHeader>
      <KeysPanel />
      <DeletionForm />
    </>
  );
}
