'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { consoleFetch } from '@/components/data/console-fetch';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ProblemCallout } from '@/components/ui/problem-callout';
import { Skeleton } from '@/components/ui/skeleton';
import { STATUS_CLASSES, type UsageReport } from '@/lib/contract/console/usage';
import { QuotaMeter } from './quota-meter';
import styles from './usage.module.css';
import { UsageChart } from './usage-chart';
import { formatCount, formatDay, STATUS_STYLE } from './usage-style';

/** The workspace's API requests over 30 days, by day and status class, per key and endpoint. */
export function UsagePanel() {
  const [key, setKey] = useState('');
  const [endpoint, setEndpoint] = useState('');
  const usage = useQuery({
    queryKey: ['console', 'usage', key, endpoint],
    queryFn: () => {
      const params = new URLSearchParams({ ...(key ? { key } : {}), ...(endpoint ? { endpoint } : {}) });
      return consoleFetch<UsageReport>(`/api/console/usage?${params}`);
    },
    placeholderData: keepPreviousData,
  });

  if (usage.isPending) return <Skeleton lines={6} label="Loading usage" />;
  if (usage.isError) {
    return (
      <ProblemCallout error={usage.error} title="Usage could not be loaded" onRetry={() => usage.refetch()} />
    );
  }
  const report = usage.data;
  const total = STATUS_CLASSES.reduce((sum, c) => sum + report.totals[c], 0);
  const endpoints = report.endpoints.some((e) => e.endpoint === endpoint)
    ? report.endpoints
    : [...report.endpoints, ...(endpoint ? [{ endpoint, requests: 0 }] : [])];

  return (
    <>
      <Card
        title="Requests"
        labelledBy="usage-heading"
        description={`${formatDay(report.from)} to ${formatDay(report.to)} (UTC), every answer to a known API key, refusals included.`}
      >
        <div className={styles.filters}>
          <div className="field">
            <label htmlFor="usage-key">Key</label>
            <select id="usage-key" className="select" value={key} onChange={(e) => setKey(e.target.value)}>
              <option value="">All keys</option>
              {report.keys.map((k) => (
                <option key={k.id} value={k.id}>
                  {k.name ?? 'No label'} ({k.start}…): {formatCount(k.requests)}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="usage-endpoint">Endpoint</label>
            <select
              id="usage-endpoint"
              className="select"
              value={endpoint}
              onChange={(e) => setEndpoint(e.target.value)}
            >
              <option value="">All endpoints</option>
              {endpoints.map((e) => (
                <option key={e.endpoint} value={e.endpoint}>
                  {e.endpoint}: {formatCount(e.requests)}
                </option>
              ))}
            </select>
          </div>
        </div>
        <ul className={styles.totals} aria-label="Requests by status class" data-testid="usage-totals">
          <li>
            <span className="muted">All</span>
            <strong>{formatCount(total)}</strong>
          </li>
          {STATUS_CLASSES.map((c) => (
            <li key={c} data-status-class={c}>
              <span className="muted">
                <span
                  className={styles.swatch}
                  style={{ background: STATUS_STYLE[c].color }}
                  aria-hidden="true"
                />
                {STATUS_STYLE[c].label}
              </span>
              <strong>{formatCount(report.totals[c])}</strong>
            </li>
          ))}
        </ul>
        {total === 0 ? (
          <EmptyState title="No requests in these 30 days">
            {key || endpoint
              ? 'Nothing matches these filters; choose all keys or all endpoints.'
              : 'Requests made with this workspace’s API keys appear here within seconds.'}
          </EmptyState>
        ) : (
          <UsageChart days={report.days} />
        )}
      </Card>
      <Card title="Trial quota" labelledBy="quota-heading" level={2}>
        <QuotaMeter quota={report.quota} />
      </Card>
    </>
  );
}
