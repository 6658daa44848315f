'use client';

import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { consoleFetch } from '@/components/data/console-fetch';
import { Button, buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ProblemCallout } from '@/components/ui/problem-callout';
import { Skeleton } from '@/components/ui/skeleton';
import type { AuditFilter, AuditPage } from '@/lib/contract/console/audit';
import { AuditFilters } from './audit-filters';
import { AuditTable } from './audit-table';

/** The filter as query parameters, shared by the list and its CSV export. */
function filterParams(filter: AuditFilter): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filter)) if (value) params.set(name, value);
  return params;
}

function pageUrl(filter: AuditFilter, cursor: string | null): string {
  const params = filterParams(filter);
  if (cursor) params.set('cursor', cursor);
  return `/api/console/audit?${params}`;
}

/** Every change made in the workspace, newest first, 50 at a time, filterable and exportable. */
export function AuditPanel() {
  const [filter, setFilter] = useState<AuditFilter>({});
  const tableRef = useRef<HTMLDivElement>(null);
  // After "Load more", focus moves to the first new row so keyboard users continue from there.
  const focusRow = useRef<number | null>(null);
  const audit = useInfiniteQuery({
    queryKey: ['console', 'audit', 'list', filter],
    queryFn: ({ pageParam }) => consoleFetch<AuditPage>(pageUrl(filter, pageParam)),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
  const rows = audit.data?.pages.flatMap((page) => page.entries) ?? [];
  const filtered = Object.values(filter).some(Boolean);
  const exportQuery = filterParams(filter).toString();

  useEffect(() => {
    const index = focusRow.current;
    if (index === null || rows.length <= index) return;
    focusRow.current = null;
    tableRef.current?.querySelector<HTMLElement>(`tr[data-row="${index}"]`)?.focus();
  }, [rows.length]);

  return (
    <>
      <Card title="Filters" labelledBy="audit-filters-heading">
        <AuditFilters onApply={setFilter} />
      </Card>
      <Card
        title="Changes"
        labelledBy="audit-changes-heading"
        description="Keys, members, roles, limits, settings, the risk policy and deletions: each recorded in the same transaction as the change it describes."
        actions={
          <a
            className={buttonClass('secondary', 'sm')}
            href={`/api/console/audit/export${exportQuery ? `?${exportQuery}` : ''}`}
            download
          >
            Export CSV{filtered ? ' (filtered)' : ''}
          </a>
        }
      >
        {audit.isPending ? (
          <Skeleton lines={6} label="Loading the audit log" />
        ) : audit.isError && rows.length === 0 ? (
          <ProblemCallout
            error={audit.error}
            title="The audit log could not be loaded"
            onRetry={() => audit.refetch()}
          />
        ) : rows.length === 0 ? (
          <EmptyState title={filtered ? 'No change matches these filters' : 'No changes recorded yet'}>
            {filtered
              ? 'Widen the dates or clear a filter.'
              : 'Changes to keys, members and settings appear here as they are made.'}
          </EmptyState>
        ) : (
          <div ref={tableRef} className="stack">
            <AuditTable rows={rows} />
            {audit.isFetchNextPageError ? (
              <ProblemCallout error={audit.error} title="More changes could not be loaded" />
            ) : null}
            <div className="inline">
              {audit.hasNextPage ? (
                <Button
                  onClick={() => {
                    focusRow.current = rows.length;
                    void audit.fetchNextPage();
                  }}
                  busy={audit.isFetchingNextPage}
                >
                  {audit.isFetchNextPageError ? 'Try loading more again' : 'Load more'}
                </Button>
              ) : null}
              <p className="muted" aria-live="polite">
                {rows.length === 1 ? 'One change' : `${rows.length} changes`}
                {audit.hasNextPage ? ' shown; more are older.' : ', all shown.'}
              </p>
            </div>
          </div>
        )}
      </Card>
    </>
  );
}
