'use client';

import { useInfiniteQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useEffect, useRef, useState } from 'react';
import { consoleFetch } from '@/components/data/console-fetch';
import { Button, buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ProblemCallout } from '@/components/ui/problem-callout';
import { Skeleton } from '@/components/ui/skeleton';
import type { RiskBand } from '@/lib/engine/risk';
import { type BandChoice, BandFilter } from './band-filter';
import { SessionSearchBox, SessionSearchResults } from './session-search';
import { type SessionsPage, sessionsQueryKey } from './session-types';
import styles from './sessions.module.css';
import { SessionsTable } from './sessions-table';

function sessionsUrl(band: BandChoice, cursor: string | null): string {
  const params = new URLSearchParams();
  if (band !== 'all') params.set('band', band);
  if (cursor) params.set('cursor', cursor);
  const query = params.toString();
  return `/api/console/sessions${query ? `?${query}` : ''}`;
}

/** The workspace's sessions, newest activity first, 25 at a time, filtered by risk band. */
export function SessionsPanel({
  initialBand,
  initialQuery,
}: {
  initialBand: RiskBand | null;
  initialQuery: string;
}) {
  const [band, setBand] = useState<BandChoice>(initialBand ?? 'all');
  const [query, setQuery] = useState(initialQuery);
  const tableRef = useRef<HTMLDivElement>(null);
  // After "Load more", focus moves to the first new row so keyboard users continue from there.
  const focusRow = useRef<number | null>(null);

  const sessions = useInfiniteQuery({
    queryKey: sessionsQueryKey(band),
    queryFn: ({ pageParam }) => consoleFetch<SessionsPage>(sessionsUrl(band, pageParam)),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

  const rows = sessions.data?.pages.flatMap((page) => page.sessions) ?? [];

  useEffect(() => {
    const index = focusRow.current;
    if (index === null || rows.length <= index) return;
    focusRow.current = null;
    tableRef.current?.querySelector<HTMLAnchorElement>(`tr[data-row="${index}"] a`)?.focus();
  }, [rows.length]);

  function chooseBand(next: BandChoice) {
    setBand(next);
    // The filter lives in the address too, so it survives reloads and can be shared.
    const url = new URL(window.location.href);
    if (next === 'all') url.searchParams.delete('band');
    else url.searchParams.set('band', next);
    window.history.replaceState(window.history.state, '', url);
  }

  function loadMore() {
    focusRow.current = rows.length;
    void sessions.fetchNextPage();
  }

  if (query) {
    return (
      <>
        <SessionSearchBox query={query} onSearch={setQuery} />
        <SessionSearchResults query={query} />
      </>
    );
  }

  return (
    <>
      <SessionSearchBox query={query} onSearch={setQuery} />
      <Card
        description="Each Verify call without a sessionId starts a session; calls that pass its id join it."
        actions={<BandFilter value={band} onChange={chooseBand} />}
      >
        {sessions.isPending ? (
          <Skeleton lines={6} label="Loading sessions" />
        ) : sessions.isError && rows.length === 0 ? (
          <ProblemCallout
            error={sessions.error}
            title="The sessions could not be loaded"
            onRetry={() => sessions.refetch()}
          />
        ) : rows.length === 0 ? (
          band === 'all' ? (
            <EmptyState
              title="No sessions yet"
              action={
                <Link href="/" className={buttonClass('primary', 'sm')}>
                  Run a Verify in Investigate
                </Link>
              }
            >
              Sessions appear here after the first Verify call of this workspace, from the API or from
              Investigate.
            </EmptyState>
          ) : (
            <EmptyState
              title={`No ${band}-risk sessions`}
              action={
                <Button size="sm" onClick={() => chooseBand('all')}>
                  Show every band
                </Button>
              }
            >
              No session of this workspace currently has a {band} risk.
            </EmptyState>
          )
        ) : (
          <div ref={tableRef} className="stack">
            <SessionsTable sessions={rows} />
            {sessions.isFetchNextPageError ? (
              <ProblemCallout error={sessions.error} title="More sessions could not be loaded" />
            ) : null}
            <div className="inline">
              {sessions.hasNextPage ? (
                <Button onClick={loadMore} busy={sessions.isFetchingNextPage}>
                  {sessions.isFetchNextPageError ? 'Try loading more again' : 'Load more'}
                </Button>
              ) : null}
              <p className={`muted ${styles.count}`} aria-live="polite">
                {rows.length === 1 ? 'One session' : `${rows.length} sessions`}
                {sessions.hasNextPage ? ' shown; more are older.' : ', all shown.'}
              </p>
            </div>
          </div>
        )}
      </Card>
    </>
  );
}
