import type { Metadata } from 'next';
import { AdminsOnly } from '@/components/admin/admins-only';
import { MembersPanel } from '@/components/admin/members-panel';
import { PageHeader } from '@/components/shell/page-header';
import { consoleIdentity } from '../../console-identity';

export const metadata: Metadata = { title: 'Members' };

export default async function MembersPage() {
  const identity = await consoleIdentity();
  if (identity.role !== 'admin') {
    return <AdminsOnly title="Members" what="Managing members" workspace={identity.workspace.name} />;
  }
  return (
    <>
      <PageHeader title="Members">
        The people who use the {identity.workspace.name} console. Roles are checked on every click, so a
        change or a removal applies at once. Every change is recorded in the audit log.
      </PageHeader>
      <MembersPanel currentUserId={identity.userId} />
    </>
  );
}
