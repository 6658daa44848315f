import type { Metadata } from 'next';
import { AdminsOnly } from '@/components/admin/admins-only';
import { RulesPanel } from '@/components/rules/rules-panel';
import { PageHeader } from '@/components/shell/page-header';
import { consoleIdentity } from '../../console-identity';

export const metadata: Metadata = { title: 'Rules' };

export default async function RulesPage() {
  const identity = await consoleIdentity();
  if (identity.role !== 'admin') {
    return <AdminsOnly title="Rules" what="Changing decision rules" workspace={identity.workspace.name} />;
  }
  return (
    <>
      <PageHeader title="Rules">
        How {identity.workspace.name} decides each Verify call: ordered rules over check states, the risk
        band, list matches and velocity, each with an outcome and a reason code that the answer carries. The
        first rule that matches decides; the default decides when none does. Backtest a change on recent
        sessions before saving it; every save is a new, audited version.
      </PageHeader>
      <RulesPanel />
    </>
  );
}
