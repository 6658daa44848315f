'use client';

import { useRef, useState } from 'react';
import { toggled } from '@/components/data/toggled';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { PATTERN_INTERVALS } from '@/lib/contract/intervals';
import { ActivityTable } from './activity-table';
import { EventLegend } from './event-legend';
import { IntervalSparkline } from './interval-sparkline';
import styles from './signals.module.css';
import { usePatternSummary } from './signals-queries';
import { EVENT_TYPES } from './signals-types';
import { useNearViewport } from './use-near-viewport';

const legendOrder = (type: string) => {
  const index = EVENT_TYPES.indexOf(type as (typeof EVENT_TYPES)[number]);
  return index < 0 ? EVENT_TYPES.length : index;
};

/**
 * One email's activity: a legend of event types (toggles), six sparklines from hour to year and
 * the same figures as a table. Fetched once the card nears the viewport.
 */
export function ActivitySection({ email, headingId }: { email: string | null; headingId: string }) {
  const ref = useRef<HTMLElement>(null);
  const near = useNearViewport(ref);
  const summary = usePatternSummary(email, near);
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());

  const year = summary.data?.year;
  const types = (year?.events ?? [])
    .map((event) => event.type)
    .sort((a, b) => legendOrder(a) - legendOrder(b) || a.localeCompare(b));
  const counts = new Map((year?.events ?? []).map((event) => [event.type, event.observations] as const));
  const toggle = (type: string) => setHidden((current) => toggled(current, type));

  return (
    <section ref={ref} className={styles.activity} aria-labelledby={headingId}>
      <div className={styles.activityHeader}>
        <h4 id={headingId}>
          Activity <Badge tone="info">Beta</Badge>
        </h4>
        {email === null ? null : summary.isError ? (
          <span className={styles.inlineError} role="alert">
            Event types could not be loaded: {summary.error.message}{' '}
            <Button size="sm" onClick={() => summary.refetch()}>
              Try again
            </Button>
          </span>
        ) : !near || summary.isPending ? (
          <span
            className={`skeleton ${styles.legendSkeleton}`}
            role="status"
            aria-label="Loading event types"
          />
        ) : summary.data === null ? (
          <span className="muted">The graph no longer knows this email.</span>
        ) : types.length === 0 ? (
          <span className="muted">No events in the last 12 months.</span>
        ) : (
          <EventLegend types={types} counts={counts} hidden={hidden} onToggle={toggle} />
        )}
      </div>
      {email === null ? (
        <p className="muted">This email has no form the pattern operations accept.</p>
      ) : (
        <>
          <div className={styles.sparkGrid}>
            {PATTERN_INTERVALS.map((interval) => (
              <IntervalSparkline
                key={interval}
                email={email}
                interval={interval}
                types={types}
                hidden={hidden}
                enabled={near}
              />
            ))}
          </div>
          {summary.data ? <ActivityTable summary={summary.data} types={types} /> : null}
        </>
      )}
    </section>
  );
}
