'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { ConsoleApiError, consoleFetch } from '@/components/data/console-fetch';
import { DecisionBadge } from '@/components/decisions/decision-badge';
import { DecisionPanel, type QueueOrigin } from '@/components/decisions/decision-panel';
import { OutcomeBadge } from '@/components/decisions/outcome-badge';
import { IdentityGraph } from '@/components/graph/identity-graph';
import { SessionListActions } from '@/components/lists/session-list-actions';
import { MonitoringHits } from '@/components/monitoring/monitoring-hits';
import { buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { CopyButton } from '@/components/ui/copy-button';
import { ProblemCallout } from '@/components/ui/problem-callout';
import { Skeleton } from '@/components/ui/skeleton';
import { CallTimeline } from './call-timeline';
import { MaskedInputs } from './masked-inputs';
import { RelativeTime } from './relative-time';
import { RiskChart } from './risk-chart';
import { RiskValue } from './risk-value';
import { SessionChecks } from './session-checks';
import { SessionNotFound } from './session-not-found';
import { SessionReasons } from './session-reasons';
import { type SessionDetail, sessionQueryKey } from './session-types';
import styles from './sessions.module.css';

function SessionSummary({ session }: { session: SessionDetail }) {
  return (
    <Card
      title="Summary"
      labelledBy="session-summary-heading"
      actions={
        <div className="inline">
          <Link href={`/?session=${encodeURIComponent(session.id)}`} className={buttonClass('primary', 'sm')}>
            Continue this session in Investigate
          </Link>
        </div>
      }
    >
      <dl className={styles.facts}>
        <div className={styles.factWide}>
          <dt>Session id</dt>
          <dd className="inline">
            <code className={styles.fullId}>{session.id}</code>
            <CopyButton text={session.id} label="Copy id" />
          </dd>
        </div>
        <div>
          <dt>Risk now</dt>
          <dd>
            <RiskValue risk={session.risk} band={session.band} />
          </dd>
        </div>
        <div>
          <dt>Decision</dt>
          <dd className="inline">
            <DecisionBadge decision={session.decision?.decision ?? null} />
            {session.decision ? <RelativeTime iso={session.decision.decidedAt} /> : null}
          </dd>
        </div>
        {session.outcome ? (
          <div>
            <dt>Rules outcome</dt>
            <dd>
              <OutcomeBadge
                outcome={session.outcome}
                reasonCode={session.timeline.at(-1)?.outcome?.reasonCode}
              />
            </dd>
          </div>
        ) : null}
        <div>
          <dt>Calls</dt>
          <dd>{session.calls}</dd>
        </div>
        <div>
          <dt>Created</dt>
          <dd>
            <RelativeTime iso={session.createdAt} />
          </dd>
        </div>
        <div>
          <dt>Last activity</dt>
          <dd>
            <RelativeTime iso={session.updatedAt} />
          </dd>
        </div>
        <div className={styles.factWide}>
          <dt>Identifiers so far (masked)</dt>
          <dd>
            <MaskedInputs inputs={session.inputs} />
          </dd>
        </div>
      </dl>
    </Card>
  );
}

/** One session: its summary, the risk over its calls, and each call in order. */
export function SessionDetailView({ id, queue }: { id: string; queue?: QueueOrigin }) {
  const session = useQuery({
    queryKey: sessionQueryKey(id),
    queryFn: () => consoleFetch<SessionDetail>(`/api/console/sessions/${encodeURIComponent(id)}`),
  });

  if (session.isPending) {
    return (
      <Card>
        <Skeleton lines={8} label="Loading the session" />
      </Card>
    );
  }
  if (session.isError) {
    if (session.error instanceof ConsoleApiError && session.error.status === 404) return <SessionNotFound />;
    return (
      <ProblemCallout
        error={session.error}
        title="The session could not be loaded"
        onRetry={() => session.refetch()}
      />
    );
  }

  const detail = session.data;
  return (
    <>
      <SessionSummary session={detail} />
      <MonitoringHits hits={detail.monitoringHits} />
      <SessionReasons timeline={detail.timeline} />
      <DecisionPanel sessionId={detail.id} queue={queue} />
      <SessionListActions sessionId={detail.id} />
      <IdentityGraph sessionId={detail.id} />
      <Card title="Risk over calls" labelledBy="session-chart-heading">
        <RiskChart timeline={detail.timeline} />
      </Card>
      <Card
        title="Calls"
        labelledBy="session-calls-heading"
        description="Oldest first: what each call added, the risk after it, and the checks whose state changed."
      >
        {detail.truncated ? (
          <p className="callout callout-warning">
            This session has {detail.calls} calls; the first {detail.timeline.length} are shown.
          </p>
        ) : null}
        <CallTimeline timeline={detail.timeline} />
      </Card>
      <SessionChecks timeline={detail.timeline} />
    </>
  );
}
