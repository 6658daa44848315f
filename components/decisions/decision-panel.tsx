'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { consoleFetch } from '@/components/data/console-fetch';
import { buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ProblemCallout } from '@/components/ui/problem-callout';
import { Skeleton } from '@/components/ui/skeleton';
import { DecisionForm } from './decision-form';
import { DecisionHistoryList } from './decision-history';
import { type DecisionHistory, decisionsQueryKey } from './decision-types';
import styles from './decisions.module.css';

/** A session's decisions and notes, and the form to record the next one. */
export function DecisionPanel({ sessionId }: { sessionId: string }) {
  const history = useQuery({
    queryKey: decisionsQueryKey(sessionId),
    queryFn: () =>
      consoleFetch<DecisionHistory>(`/api/console/sessions/${encodeURIComponent(sessionId)}/decisions`),
  });
  return (
    <Card
      title="Decision"
      labelledBy="session-decision-heading"
      description="Approve, review or decline with a reason; the calling system reads the latest one with GET /api/sessions/{id}."
      actions={
        <div className="inline">
          <Link href="/sessions/queue" className={buttonClass('secondary', 'sm')}>
            Review queue
          </Link>
          <Link
            href={`/sessions/${encodeURIComponent(sessionId)}/report`}
            className={buttonClass('secondary', 'sm')}
          >
            Case report
          </Link>
        </div>
      }
    >
      <DecisionForm sessionId={sessionId} />
      <h3 id="session-history-heading" className={styles.historyHeading}>
        History
      </h3>
      {history.isPending ? (
        <Skeleton lines={2} label="Loading the decisions" />
      ) : history.isError ? (
        <ProblemCallout
          error={history.error}
          title="The decisions could not be loaded"
          onRetry={() => history.refetch()}
        />
      ) : (
        <DecisionHistoryList decisions={history.data.decisions} />
      )}
    </Card>
  );
}
