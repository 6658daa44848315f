import type { Metadata } from 'next';
import Link from 'next/link';
import { CaseReport } from '@/components/decisions/case-report';
import { PrintButton } from '@/components/decisions/print-button';
import styles from '@/components/decisions/report.module.css';
import { SessionNotFound } from '@/components/sessions/session-not-found';
import { buttonClass } from '@/components/ui/button';
import { db } from '@/lib/db/client';
import { SESSION_ID_PATTERN } from '@/lib/ids/ids';
import { decisionHistory } from '@/lib/services/decisions/record';
import { listStatus } from '@/lib/services/reference/list-status';
import { sessionDetail } from '@/lib/services/sessions-query';
import { consoleIdentity } from '../../../console-identity';

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  const { id } = await params;
  return { title: `Case report ${id.slice(0, 12)}…` };
}

// Rendered on the server from the stored (already masked) data, ready to print.
export default async function CaseReportPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const identity = await consoleIdentity();
  const ctx = { workspaceId: identity.workspace.id, actor: identity.userId };
  const session = SESSION_ID_PATTERN.test(id) ? await sessionDetail(db(), ctx, id) : null;
  const decisions = session ? await decisionHistory(db(), ctx, id) : null;
  if (!session || !decisions) return <SessionNotFound />;
  const lists = await listStatus(db());
  return (
    <>
      <div className={styles.toolbar}>
        <Link href={`/sessions/${encodeURIComponent(id)}`} className={buttonClass('secondary')}>
          Back to the session
        </Link>
        <PrintButton />
      </div>
      <CaseReport
        session={session}
        decisions={decisions}
        workspace={identity.workspace.name}
        generatedAt={new Date().toISOString()}
        lists={lists}
      />
    </>
  );
}
