'use client';

import { type InfiniteData, type UseInfiniteQueryResult, useInfiniteQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef } from 'react';
import { consoleFetch } from '@/components/data/console-fetch';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ProblemCallout } from '@/components/ui/problem-callout';
import { Skeleton } from '@/components/ui/skeleton';

/** One page of a newest-first console log (audit, request log): nextCursor is null on the last. */
export interface LogPage<Row> {
  entries: Row[];
  nextCursor: string | null;
}

/** A filter as query parameters (empty values left out), shared by a log's pages and its export. */
export function filterParams(filter: Record<string, string | undefined>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filter)) if (value) params.set(name, value);
  return params;
}

/** The log's pages, fetched 50 at a time from `path` with the filter and the previous cursor. */
export function useLogPages<Page extends LogPage<unknown>>(
  queryKey: readonly unknown[],
  path: string,
  filter: Record<string, string | undefined>,
) {
  return useInfiniteQuery({
    queryKey: [...queryKey, filter],
    queryFn: ({ pageParam }) => {
      const params = filterParams(filter);
      if (pageParam) params.set('cursor', pageParam);
      return consoleFetch<Page>(`${path}?${params}`);
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

interface LogBodyProps<Row> {
  pages: UseInfiniteQueryResult<InfiniteData<LogPage<Row>>, Error>;
  /** What one row is, as counted under the table: ['change', 'changes']. */
  noun: readonly [string, string];
  /** The log's name in loading and error messages: 'the audit log'. */
  name: string;
  filtered: boolean;
  empty: { title: string; body: string };
  emptyFiltered: { title: string; body: string };
  table: (rows: Row[]) => ReactNode;
}

/**
 * A log's loading, error and empty states, its table, and "Load more": after it, focus moves to
 * the first new row (`tr[data-row]`) so keyboard users continue from there.
 */
export function LogBody<Row>({
  pages,
  noun,
  name,
  filtered,
  empty,
  emptyFiltered,
  table,
}: LogBodyProps<Row>) {
  const tableRef = useRef<HTMLDivElement>(null);
  const focusRow = useRef<number | null>(null);
  const rows = pages.data?.pages.flatMap((page) => page.entries) ?? [];

  useEffect(() => {
    const index = focusRow.current;
    if (index === null || rows.length <= index) return;
    focusRow.current = null;
    tableRef.current?.querySelector<HTMLElement>(`tr[data-row="${index}"]`)?.focus();
  }, [rows.length]);

  if (pages.isPending) return <Skeleton lines={6} label={`Loading ${name}`} />;
  if (pages.isError && rows.length === 0) {
    return (
      <ProblemCallout
        error={pages.error}
        title={`${capitalised(name)} could not be loaded`}
        onRetry={() => pages.refetch()}
      />
    );
  }
  if (rows.length === 0) {
    const shown = filtered ? emptyFiltered : empty;
    return <EmptyState title={shown.title}>{shown.body}</EmptyState>;
  }
  const [one, many] = noun;
  return (
    <div ref={tableRef} className="stack">
      {table(rows)}
      {pages.isFetchNextPageError ? (
        <ProblemCallout error={pages.error} title={`More ${many} could not be loaded`} />
      ) : null}
      <div className="inline">
        {pages.hasNextPage ? (
          <Button
            onClick={() => {
              focusRow.current = rows.length;
              void pages.fetchNextPage();
            }}
            busy={pages.isFetchingNextPage}
          >
            {pages.isFetchNextPageError ? 'Try loading more again' : 'Load more'}
          </Button>
        ) : null}
        <p className="muted" aria-live="polite">
          {rows.length === 1 ? `One ${one}` : `${rows.length} ${many}`}
          {pages.hasNextPage ? ' shown; more are older.' : ', all shown.'}
        </p>
      </div>
    </div>
  );
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
