import type { Metadata } from 'next';
import Link from 'next/link';
import { AdminsOnly } from '@/components/admin/admins-only';
import { GraphSharingForm } from '@/components/admin/graph-sharing-form';
import { MonitoringForm } from '@/components/admin/monitoring-form';
import { RateLimitForm } from '@/components/admin/rate-limit-form';
import { RequestLogDaysForm } from '@/components/admin/request-log-days-form';
import { SecondFactorPolicyForm } from '@/components/admin/second-factor-policy-form';
import { SsoStatusCard } from '@/components/admin/sso-status-card';
import { TrialQuotaForm } from '@/components/admin/trial-quota-form';
import { ReasonsForm } from '@/components/decisions/reasons-form';
import { PageHeader } from '@/components/shell/page-header';
import { Card } from '@/components/ui/card';
import { ssoSettings } from '@/lib/config/sso';
import { consoleIdentity } from '../../console-identity';

export const metadata: Metadata = { title: 'Workspace settings' };

export default async function SettingsPage() {
  const identity = await consoleIdentity();
  if (identity.role !== 'admin') {
    return (
      <AdminsOnly
        title="Workspace settings"
        what="Changing the workspace's settings"
        workspace={identity.workspace.name}
      />
    );
  }
  const sso = ssoSettings();
  return (
    <>
      <PageHeader title="Workspace settings">
        How the {identity.workspace.name} workspace's API keys are limited, how long its request log keeps
        calls, whether it shares the identity graph, whether members must use two-step sign-in (and how single
        sign-on is set up), how far back sanctions list updates re-screen its sessions, the reasons analysts
        give for decisions, and how it weighs each check. Every change is recorded in the audit log.
      </PageHeader>
      <RateLimitForm />
      <TrialQuotaForm />
      <RequestLogDaysForm />
      <GraphSharingForm />
      <SecondFactorPolicyForm />
      <MonitoringForm />
      <SsoStatusCard
        settings={
          sso && {
            issuer: sso.issuer,
            allowedDomains: sso.allowedDomains,
            workspace: sso.workspace,
            role: sso.role,
            name: sso.name,
            only: sso.only,
          }
        }
      />
      <ReasonsForm />
      <Card
        title="Risk policy"
        labelledBy="risk-policy-heading"
        description="The risk level each check state carries in this workspace, with a preview of a change's impact on recent sessions before saving it."
      >
        <p>
          <Link href="/admin/risk-policy">Open the risk policy</Link>
        </p>
      </Card>
    </>
  );
}
