import type { Metadata } from 'next';
import Link from 'next/link';
import { DeletionForm } from '@/components/admin/deletion-form';
import { GraphSharingForm } from '@/components/admin/graph-sharing-form';
import { KeysPanel } from '@/components/admin/keys-panel';
import { RateLimitForm } from '@/components/admin/rate-limit-form';
import { ReasonsForm } from '@/components/decisions/reasons-form';
import { PageHeader } from '@/components/shell/page-header';
import { ErrorCallout } from '@/components/ui/error-callout';
import { consoleIdentity } from '../console-identity';

export const metadata: Metadata = { title: 'Admin' };

export default async function AdminPage() {
  const identity = await consoleIdentity();
  if (identity.role !== 'admin') {
    return (
      <>
        <PageHeader title="Admin" />
        <ErrorCallout title="Admins only">
          Managing API keys, rate limits, graph sharing and deletions needs the admin role in{' '}
          {identity.workspace.name}. Ask an admin of this workspace.
        </ErrorCallout>
      </>
    );
  }
  return (
    <>
      <PageHeader title="Admin">
        API keys, their rate limit, sharing of the identity graph and data-subject deletions of the{' '}
        {identity.workspace.name} workspace. Every change is recorded in its audit log.
      </PageHeader>
      <p>
        <Link href="/admin/risk-policy">Risk policy</Link>: the risk level of each check state in this
        workspace, with a preview of its impact before saving.
      </p>
      <KeysPanel />
      <RateLimitForm />
      <GraphSharingForm />
      <ReasonsForm />
      <DeletionForm />
    </>
  );
}
