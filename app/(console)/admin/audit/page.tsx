import type { Metadata } from 'next';
import { AdminsOnly } from '@/components/admin/admins-only';
import { AuditPanel } from '@/components/admin/audit-panel';
import { PageHeader } from '@/components/shell/page-header';
import { consoleIdentity } from '../../console-identity';

export const metadata: Metadata = { title: 'Audit log' };

export default async function AuditPage() {
  const identity = await consoleIdentity();
  if (identity.role !== 'admin') {
    return <AdminsOnly title="Audit log" what="Reading the audit log" workspace={identity.workspace.name} />;
  }
  return (
    <>
      <PageHeader title="Audit log">
        Who changed what in the {identity.workspace.name} workspace, and when: from the console (with the
        request id of the call) and from the command line.
      </PageHeader>
      <AuditPanel />
    </>
  );
}
