'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { consoleFetch } from '@/components/data/console-fetch';
import { MonitoringHitLine } from '@/components/monitoring/monitoring-hits';
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
import type { BulkClaimOutcome, QueueReason, ReviewQueueQuery } from '@/lib/contract/console/decisions';
import { isTyping } from './decision-form';
import { type ClaimResult, type QueueItem, REVIEW_QUEUE_QUERY, type ReviewQueue } from './decision-types';
import styles from './decisions.module.css';
import { OutcomeBadge } from './outcome-badge';
import { queueHref, queueSearch, sessionInQueueHref } from './queue-context';
import { QueueFilters } from './queue-filters';

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

/**
 * What needs a person: undecided high and medium sessions, ordered and filtered. j/k move between
 * them, Enter (or o) opens one carrying the queue (deciding there opens the next), c claims it, x
 * ticks it for a bulk claim.
 */
export function ReviewQueuePanel({ me, initial }: { me: string; initial: ReviewQueueQuery }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const tableRef = useRef<HTMLTableSectionElement>(null);
  // -1 until the first j or k: the first press lands on the first session.
  const [selected, setSelected] = useState(-1);
  const [message, setMessage] = useState('');
  const [query, setQuery] = useState<ReviewQueueQuery>(initial);
  // Sessions ticked for a bulk claim.
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set());
  const search = queueSearch(query);
  const queue = useQuery({
    queryKey: [...REVIEW_QUEUE_QUERY, search],
    queryFn: () => consoleFetch<ReviewQueue>(`/api/console/review-queue${search ? `?${search}` : ''}`),
  });
  const rows = queue.data?.sessions ?? [];

  function changeQuery(next: ReviewQueueQuery) {
    setSelected(-1);
    setTicked(new Set());
    setQuery(next);
    // The URL keeps the filters: a reload, a shared link and "back" from a session restore them.
    router.replace(queueHref(queueSearch(next)), { scroll: false });
  }

  function toggle(id: string) {
    setTicked((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }

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

  const bulk = useMutation({
    mutationFn: (sessionIds: string[]) =>
      consoleFetch<{ results: BulkClaimOutcome[] }>('/api/console/review-queue/claims', {
        method: 'POST',
        body: { sessionIds },
      }),
    onSuccess: async ({ results }) => {
      setTicked(new Set());
      setMessage(bulkMessage(results));
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
    else if (event.key === 'o' && current) router.push(sessionInQueueHref(current.id, search));
    else if (event.key === 'c' && current) claim.mutate({ id: current.id, release: false });
    else if (event.key === 'x' && current?.assignee === null) toggle(current.id);
    else return;
    event.preventDefault();
  };
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => keys.current(event);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const counts = queue.data?.counts;
  const facets = queue.data?.facets;
  const filtering = search.replace(/(^|&)sort=risk/, '') !== '';
  const claimable = rows.filter((item) => item.assignee === null);
  const tickedIds = rows.filter((item) => ticked.has(item.id)).map((item) => item.id);
  return (
    <Card
      description="Undecided sessions the rules sent to review, or, where no rules decided, in the high and medium bands, with what drove each one's risk. A decision takes a session out of the queue."
      actions={
        counts ? (
          <div className={styles.counts}>
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
      <QueueFilters
        query={query}
        facets={
          facets && {
            reasons: facets.reasons,
            assignees: facets.assignees.filter((facet) => facet.id !== me),
          }
        }
        onChange={changeQuery}
      />
      <p className={`muted ${styles.keys}`}>
        Keys: <kbd>j</kbd>/<kbd>k</kbd> next and previous, <kbd>Enter</kbd> or <kbd>o</kbd> open, <kbd>c</kbd>{' '}
        claim, <kbd>x</kbd> tick for a bulk claim; on a session, <kbd>a</kbd>/<kbd>r</kbd>/<kbd>x</kbd> pick
        approve, review or decline and <kbd>Ctrl</kbd>+<kbd>Enter</kbd> records it and opens the next one.
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
        filtering ? (
          <EmptyState
            title="No waiting session matches these filters"
            action={
              <Button size="sm" onClick={() => changeQuery({ sort: query.sort })}>
                Clear the filters
              </Button>
            }
          >
            {queue.data.counts.high + queue.data.counts.medium} sessions wait in the whole queue.
          </EmptyState>
        ) : (
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
        )
      ) : (
        <div className="table-wrap">
          <div className={styles.bulk}>
            <Button
              size="sm"
              variant="primary"
              disabled={tickedIds.length === 0}
              busy={bulk.isPending}
              onClick={() => bulk.mutate(tickedIds)}
            >
              Claim ticked ({tickedIds.length})
            </Button>
            <Button
              size="sm"
              disabled={claimable.length === 0}
              onClick={() => setTicked(new Set(claimable.map((item) => item.id)))}
            >
              Tick every unclaimed ({claimable.length})
            </Button>
            <span className="muted">
              {queue.data.matched} {filtering ? 'match' : 'waiting'}
              {queue.data.more ? `, the first ${rows.length} shown` : ''}
            </span>
          </div>
          <table className={`table table-cards ${sessionStyles.sessionsTable}`}>
            <caption className="visually-hidden">
              Sessions waiting for a decision, {query.sort === 'risk' ? 'highest risk first' : 'oldest first'}
            </caption>
            <thead>
              <tr>
                <th scope="col">
                  <span className="visually-hidden">Ticked for a bulk claim</span>
                </th>
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
                    <input
                      type="checkbox"
                      checked={ticked.has(item.id)}
                      disabled={item.assignee !== null}
                      onChange={() => toggle(item.id)}
                      aria-label={`Tick session ${item.id} for a bulk claim`}
                    />
                  </td>
                  <td>
                    <Link
                      href={sessionInQueueHref(item.id, search)}
                      className={sessionStyles.rowLink}
                      prefetch={false}
                      onFocus={() => setSelected(index)}
                    >
                      <span className="visually-hidden">Session </span>
                      <code className={sessionStyles.sessionId}>{item.id}</code>
                    </Link>
                  </td>
                  <td data-label="Applicant">
                    <MaskedInputs inputs={item.inputs} limit={3} />
                  </td>
                  <td data-label="Reasons">
                    {item.outcome === 'review' ? (
                      <p className={styles.queueOutcome}>
                        <OutcomeBadge outcome="review" />
                      </p>
                    ) : null}
                    {item.monitoring ? (
                      <p className={styles.queueOutcome}>
                        Sanctions monitoring: <MonitoringHitLine hit={item.monitoring} />
                      </p>
                    ) : null}
                    <QueueReasons reasons={item.reasons} />
                  </td>
                  <td data-label="Risk">
                    <RiskValue risk={item.risk} band={item.band} />
                  </td>
                  <td data-label="Waiting">
                    <RelativeTime iso={item.createdAt} />
                  </td>
                  <td data-label="Assigned">
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
      {bulk.error ? <ProblemCallout error={bulk.error} title="The bulk claim failed" /> : null}
      <p role="status" className="muted">
        {message}
      </p>
    </Card>
  );
}

/** What a bulk claim did, in one sentence. */
function bulkMessage(results: BulkClaimOutcome[]): string {
  const count = (outcome: BulkClaimOutcome['outcome']) => results.filter((r) => r.outcome === outcome).length;
  const parts = [`Claimed ${count('claimed')} of ${results.length}`];
  if (count('taken') > 0) parts.push(`${count('taken')} already held by someone else`);
  if (count('yours') > 0) parts.push(`${count('yours')} already yours`);
  if (count('not_found') > 0) parts.push(`${count('not_found')} no longer found`);
  return `${parts.join('; ')}.`;
}
