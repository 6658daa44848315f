'use client';

import { useInfiniteQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useEffect, useRef, useState } from 'react';
import { consoleFetch } from '@/components/data/console-fetch';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ProblemCallout } from '@/components/ui/problem-callout';
import { Skeleton } from '@/components/ui/skeleton';
import type { RequestLogFilter, RequestLogPage } from '@/lib/contract/console/request-log';
import { RequestLogFilters } from './request-log-filters';
import { RequestLogTable } from './request-log-table';

function pageUrl(filter: RequestLogFilter, cursor: string | null): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filter)) if (value) params.set(name, value);
  if (cursor) params.set('cursor', cursor);
  return `/api/console/request-log?${params}`;
}

/** The workspace's API calls, newest first, 50 at a time, filterable; a call opens its details. */
export function RequestLogPanel() {
  const [filter, setFilter] = useState<RequestLogFilter>({});
  const tableRef = useRef<HTMLDivElement>(null);
  // After "Load more", focus moves to the first new row so keyboard users continue from there.
  const focusRow = useRef<number | null>(null);
  const calls = useInfiniteQuery({
    queryKey: ['console', 'request-log', 'list', filter],
    queryFn: ({ pageParam }) => consoleFetch<RequestLogPage>(pageUrl(filter, pageParam)),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
  const rows = calls.data?.pages.flatMap((page) => page.entries) ?? [];
  const days = calls.data?.pages[0]?.retentionDays;
  const filtered = Object.values(filter).some(Boolean);

  useEffect(() => {
    const index = focusRow.current;
    if (index === null || rows.length <= index) return;
    focusRow.current = null;
    tableRef.current?.querySelector<HTMLElement>(`tr[data-row="${index}"]`)?.focus();
  }, [rows.length]);

  return (
    <>
      <Card title="Filters" labelledBy="request-log-filters-heading">
        <RequestLogFilters onApply={setFilter} />
      </Card>
      <Card
        title="Calls"
        labelledBy="request-log-calls-heading"
        description={
          <>
            Every answer to one of this workspace's API keys, with its problem body when it failed, kept{' '}
            {days === undefined ? 'for the days set in' : `${days} days (see`}{' '}
            <Link href="/admin/settings">Settings</Link>
            {days === undefined ? '' : ')'}. Calls refused before their key is known (a missing or unknown
            key) belong to no workspace and are not logged.
          </>
        }
        actions={
          <Button size="sm" onClick={() => void calls.refetch()} busy={calls.isRefetching}>
            Refresh
          </Button>
        }
      >
        {calls.isPending ? (
          <Skeleton lines={6} label="Loading the request log" />
        ) : calls.isError && rows.length === 0 ? (
          <ProblemCallout
            error={calls.error}
            title="The request log could not be loaded"
            onRetry={() => calls.refetch()}
          />
        ) : rows.length === 0 ? (
          <EmptyState title={filtered ? 'No call matches these filters' : 'No API calls logged yet'}>
            {filtered
              ? 'Widen the time range or clear a filter.'
              : "Calls made with this workspace's API keys appear here within a second."}
          </EmptyState>
        ) : (
          <div ref={tableRef} className="stack">
            <RequestLogTable rows={rows} />
            {calls.isFetchNextPageError ? (
              <ProblemCallout error={calls.error} title="More calls could not be loaded" />
            ) : null}
            <div className="inline">
              {calls.hasNextPage ? (
                <Button
                  onClick={() => {
                    focusRow.current = rows.length;
                    void calls.fetchNextPage();
                  }}
                  busy={calls.isFetchingNextPage}
                >
                  {calls.isFetchNextPageError ? 'Try loading more again' : 'Load more'}
                </Button>
              ) : null}
              <p className="muted" aria-live="polite">
                {rows.length === 1 ? 'One call' : `${rows.length} calls`}
                {calls.hasNextPage ? ' shown; more are older.' : ', all shown.'}
              </p>
            </div>
          </div>
        )}
      </Card>
    </>
  );
}
