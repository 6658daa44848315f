'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { consoleFetch } from '@/components/data/console-fetch';
import { BAND_LABEL, BAND_TONE, LEVEL_LABEL, LEVEL_TONE } from '@/components/results/risk-style';
import { MaskedInputs } from '@/components/sessions/masked-inputs';
import { RelativeTime } from '@/components/sessions/relative-time';
import { RiskValue } from '@/components/sessions/risk-value';
import sessionStyles from '@/components/sessions/sessions.module.css';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ProblemCallout } from '@/components/ui/problem-callout';
import { Skeleton } from '@/components/ui/skeleton';
import type { QueueReason, QueueSort } from '@/lib/contract/console/decisions';
import { isTyping } from './decision-form';
import { type ClaimResult, type QueueItem, REVIEW_QUEUE_QUERY, type ReviewQueue } from './decision-types';
import styles from './decisions.module.css';

function ClaimCell({
  item,
  me,
  onClaim,
}: {
  item: QueueItem;
  me: string;
  onClaim: (release: boolean) => void;
}) {
  if (item.assignee === null) {
    return (
      <Button size="sm" onClick={() => onClaim(false)}>
        Claim<span className="visually-hidden"> session {item.id}</span>
      </Button>
    );
  }
  if (item.assignee.id === me) {
    return (
      <span className="inline">
        <Badge tone="info">Yours</Badge>
        <Button size="sm" variant="ghost" onClick={() => onClaim(true)}>
          Release<span className="visually-hidden"> session {item.id}</span>
        </Button>
      </span>
    );
  }
  return <span className="muted">{item.assignee.email ?? item.assignee.id}</span>;
}

/**
 * What needs a person: undecided high and medium sessions, oldest first. j/k move between them,
 * Enter (or o) opens one, c claims it for me.
 */
/** A queued session's top reasons as chips: the check's name, its state on hover and for readers. */
function QueueReasons({ reasons }: { reasons: QueueReason[] }) {
  if (reasons.length === 0) return <span className="muted">No high or medium check</span>;
  return (
    <ul className={styles.reasonChips}>
      {reasons.map((reason) => (
        <li key={reason.id}>
          <Badge tone={LEVEL_TONE[reason.risk]}>
            {reason.name}
            <span className="visually-hidden">
              : {reason.state}, {LEVEL_LABEL[reason.risk].toLowerCase()} risk
            </span>
          </Badge>
        </li>
      ))}
    </ul>
  );
}

export function ReviewQueuePanel({ me }: { me: string }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const tableRef = useRef<HTMLTableSectionElement>(null);
  // -1 until the first j or k: the first press lands on the oldest session.
  const [selected, setSelected] = useState(-1);
  const [message, setMessage] = useState('');
  const [sort, setSort] = useState<QueueSort>('age');
  const queue = useQuery({
    queryKey: [...REVIEW_QUEUE_QUERY, sort],
    queryFn: () => consoleFetch<ReviewQueue>(`/api/console/review-queue?sort=${sort}`),
  });
  const rows = queue.data?.sessions ?? [];

  const claim = useMutation({
    mutationFn: ({ id, release }: { id: string; release: boolean }) =>
      consoleFetch<ClaimResult & { claimed: boolean }>(
        `/api/console/sessions/${encodeURIComponent(id)}/claim`,
        {
          method: release ? 'DELETE' : 'POST',
        },
      ),
    onSuccess: async (result, { id, release }) => {
      setMessage(
        release
          ? `Released ${id}.`
          : result.claimed && result.assignee?.id === me
            ? `Claimed ${id}.`
            : `${id} is already claimed by ${result.assignee?.email ?? 'another analyst'}.`,
      );
      await queryClient.invalidateQueries({ queryKey: REVIEW_QUEUE_QUERY });
    },
  });

  function focusRow(index: number) {
    const bounded = Math.max(0, Math.min(rows.length - 1, index));
    setSelected(bounded);
    tableRef.current?.querySelector<HTMLAnchorElement>(`tr[data-row="${bounded}"] a`)?.focus();
  }

  // Keyboard navigation: the handler reads the latest rows and selection on each press.
  const keys = useRef<(event: KeyboardEvent) => void>(() => {});
  keys.current = (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey || isTyping(event.target) || rows.length === 0) return;
    const current = rows[selected];
    if (event.key === 'j') focusRow(selected + 1);
    else if (event.key === 'k') focusRow(selected - 1);
    else if (event.key === 'o' && current) router.push(`/sessions/${current.id}`);
    else if (event.key === 'c' && current) claim.mutate({ id: current.id, release: false });
    else return;
    event.preventDefault();
  };
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => keys.current(event);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const counts = queue.data?.counts;
  return (
    <Card
      description="Undecided sessions in the high and medium bands, with what drove each one's risk. A decision takes a session out of the queue."
      actions={
        counts ? (
          <div className={styles.counts}>
            <label className={styles.sort}>
              <span className="muted">Order</span>
              <select
                className="select"
                value={sort}
                onChange={(event) => {
                  setSelected(-1);
                  setSort(event.target.value === 'risk' ? 'risk' : 'age');
                }}
              >
                <option value="age">Oldest first</option>
                <option value="risk">Highest risk first</option>
              </select>
            </label>
            <span className="muted">Waiting:</span>
            <Badge tone={BAND_TONE.high}>
              {BAND_LABEL.high}: {counts.high}
            </Badge>
            <Badge tone={BAND_TONE.medium}>
              {BAND_LABEL.medium}: {counts.medium}
            </Badge>
          </div>
        ) : null
      }
    >
      <p className={`muted ${styles.keys}`}>
        Keys: <kbd>j</kbd>/<kbd>k</kbd> next and previous, <kbd>Enter</kbd> or <kbd>o</kbd> open, <kbd>c</kbd>{' '}
        claim; on a session, <kbd>a</kbd>/<kbd>r</kbd>/<kbd>x</kbd> pick approve, review or decline.
      </p>
      {queue.isPending ? (
        <Skeleton lines={5} label="Loading the review queue" />
      ) : queue.isError ? (
        <ProblemCallout
          error={queue.error}
          title="The review queue could not be loaded"
          onRetry={() => queue.refetch()}
        />
      ) : rows.length === 0 ? (
        <EmptyState
          title="Nothing waits for a person"
          action={
            <Link href="/sessions" className={buttonClass('secondary', 'sm')}>
              See every session
            </Link>
          }
        >
          Every high and medium session of this workspace has a decision.
        </EmptyState>
      ) : (
        <div className="table-wrap">
          <table className={`table ${sessionStyles.sessionsTable}`}>
            <caption className="visually-hidden">
              Sessions waiting for a decision, {sort === 'risk' ? 'highest risk first' : 'oldest first'}
            </caption>
            <thead>
              <tr>
                <th scope="col">Session</th>
                <th scope="col">Applicant (masked)</th>
                <th scope="col">Top reasons</th>
                <th scope="col">Risk</th>
                <th scope="col">Waiting</th>
                <th scope="col">Assigned</th>
              </tr>
            </thead>
            <tbody ref={tableRef}>
              {rows.map((item, index) => (
                <tr
                  key={item.id}
                  data-row={index}
                  data-selected={index === selected ? 'true' : undefined}
                  className={`${sessionStyles.row} ${styles.queueRow}`}
                >
                  <td>
                    <Link
                      href={`/sessions/${item.id}`}
                      className={sessionStyles.rowLink}
                      onFocus={() => setSelected(index)}
                    >
                      <span className="visually-hidden">Session </span>
                      <code className={sessionStyles.sessionId}>{item.id}</code>
                    </Link>
                  </td>
                  <td>
                    <MaskedInputs inputs={item.inputs} limit={3} />
                  </td>
                  <td>
                    <QueueReasons reasons={item.reasons} />
                  </td>
                  <td>
                    <RiskValue risk={item.risk} band={item.band} />
                  </td>
                  <td>
                    <RelativeTime iso={item.createdAt} />
                  </td>
                  <td>
                    <ClaimCell
                      item={item}
                      me={me}
                      onClaim={(release) => claim.mutate({ id: item.id, release })}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {queue.data.more ? (
            <p className="muted">The first {rows.length} are shown; decide some to see the next ones.</p>
          ) : null}
        </div>
      )}
      {claim.error ? <ProblemCallout error={claim.error} title="The claim failed" /> : null}
      <p role="status" className="muted">
        {message}
      </p>
    </Card>
  );
}
