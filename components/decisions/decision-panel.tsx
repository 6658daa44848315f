'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { consoleFetch } from '@/components/data/console-fetch';
import { RelativeTime } from '@/components/sessions/relative-time';
import { Button, buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ProblemCallout } from '@/components/ui/problem-callout';
import { Skeleton } from '@/components/ui/skeleton';
import { DECISION_LABEL } from '@/lib/contract/console/decisions';
import { DecisionBadge } from './decision-badge';
import { DecisionForm } from './decision-form';
import { DecisionHistoryList } from './decision-history';
import { type DecisionHistory, decisionsQueryKey } from './decision-types';
import styles from './decisions.module.css';
import { nextInQueue, queueHref, sessionInQueueHref } from './queue-context';

/** The queue a session was opened from (its query string) and who is deciding. */
export interface QueueOrigin {
  search: string;
  me: string;
}

/**
 * A session's decision: the one in force (who, when) with "Change decision", or the form while
 * there is none; then every decision and note. Opened from the queue, deciding opens the next one.
 */
export function DecisionPanel({ sessionId, queue }: { sessionId: string; queue?: QueueOrigin }) {
  const router = useRouter();
  const history = useQuery({
    queryKey: decisionsQueryKey(sessionId),
    queryFn: () =>
      consoleFetch<DecisionHistory>(`/api/console/sessions/${encodeURIComponent(sessionId)}/decisions`),
  });
  const [changing, setChanging] = useState(false);
  const [recorded, setRecorded] = useState('');
  const current = history.data?.decisions[0] ?? null;
  return (
    <Card
      title="Decision"
      labelledBy="session-decision-heading"
      description="Approve, review or decline with a reason; the calling system reads the latest one with GET /api/sessions/{id}."
      actions={
        <div className="inline">
          <Link href={queueHref(queue?.search ?? '')} className={buttonClass('secondary', 'sm')}>
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
      {history.isPending ? (
        <Skeleton lines={3} label="Loading the decision" />
      ) : current && !changing ? (
        <div className={styles.inForce}>
          <p className={styles.historyHead}>
            <span>In force:</span>
            <DecisionBadge decision={current.decision} />
            <strong>{current.reason}</strong>
            <span className="muted">
              by {current.actor.email ?? current.actor.id}, <RelativeTime iso={current.createdAt} />
            </span>
          </p>
          <Button
            size="sm"
            onClick={() => {
              setRecorded('');
              setChanging(true);
            }}
          >
            Change decision
          </Button>
        </div>
      ) : (
        <DecisionForm
          sessionId={sessionId}
          current={current}
          andNext={queue !== undefined}
          onDecided={(record, next) => {
            setChanging(false);
            const line = `Recorded: ${DECISION_LABEL[record.decision]}, ${record.reason}.`;
            if (!(next && queue)) {
              setRecorded(line);
              return;
            }
            setRecorded(`${line} Opening the next session…`);
            nextInQueue(queue.search, sessionId, queue.me).then(
              (id) => router.push(id ? sessionInQueueHref(id, queue.search) : queueHref(queue.search)),
              () => setRecorded(`${line} The queue could not be read; go back to it to open the next one.`),
            );
          }}
          onCancel={current ? () => setChanging(false) : undefined}
          onConflict={() => setChanging(true)}
        />
      )}
      <p role="status" className="muted">
        {recorded}
      </p>
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
