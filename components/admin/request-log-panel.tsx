'use client';

import Link from 'next/link';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import type { RequestLogFilter, RequestLogPage } from '@/lib/contract/console/request-log';
import { LogBody, useLogPages } from './paged-log';
import { RequestLogFilters } from './request-log-filters';
import { RequestLogTable } from './request-log-table';

/** The workspace's API calls, newest first, 50 at a time, filterable; a call opens its details. */
export function RequestLogPanel() {
  const [filter, setFilter] = useState<RequestLogFilter>({});
  const calls = useLogPages<RequestLogPage>(
    ['console', 'request-log', 'list'],
    '/api/console/request-log',
    filter,
  );
  const days = calls.data?.pages[0]?.retentionDays;

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
        <LogBody
          pages={calls}
          noun={['call', 'calls']}
          name="the request log"
          filtered={Object.values(filter).some(Boolean)}
          empty={{
            title: 'No API calls logged yet',
            body: "Calls made with this workspace's API keys appear here within a second.",
          }}
          emptyFiltered={{
            title: 'No call matches these filters',
            body: 'Widen the time range or clear a filter.',
          }}
          table={(rows) => <RequestLogTable rows={rows} />}
        />
      </Card>
    </>
  );
}
