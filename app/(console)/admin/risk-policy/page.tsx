import type { Metadata } from 'next';
import { AdminsOnly } from '@/components/admin/admins-only';
import { RiskPolicyPanel } from '@/components/risk-policy/risk-policy-panel';
import { PageHeader } from '@/components/shell/page-header';
import { consoleIdentity } from '../../console-identity';

export const metadata: Metadata = { title: 'Risk policy' };

export default async function RiskPolicyPage() {
  const identity = await consoleIdentity();
  if (identity.role !== 'admin') {
    return <AdminsOnly title="Risk policy" what="Changing risk levels" workspace={identity.workspace.name} />;
  }
  return (
    <>
      <PageHeader title="Risk policy">
        The risk level each check state carries in {identity.workspace.name}, tuned to its own traffic. Every
        level starts at the catalog's default (docs/checks.md); states marked "Pinned by the API" keep the
        level the API documentation fixes (docs/api/operations.md) by default, and this workspace may still
        override them. Every save is a new, audited version.
      </PageHeader>
      <RiskPolicyPanel />
    </>
  );
}
