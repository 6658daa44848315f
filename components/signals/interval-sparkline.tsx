'use client';

import { type ReactNode, useId } from 'react';
import { Bar, BarChart, Tooltip, XAxis, YAxis } from 'recharts';
import { Button } from '@/components/ui/button';
import { formatBucket, formatCount, INTERVAL_LABELS, plural } from './format';
import { seriesTypes, seriesView } from './series-rows';
import styles from './signals.module.css';
import { usePatternTimeseries } from './signals-queries';
import { EVENT_TYPES, eventColor, eventLabel, type PatternInterval } from './signals-types';

interface IntervalSparklineProps {
  email: string | null;
  interval: PatternInterval;
  /** Event types the card knows of (from the summary), in legend order. */
  types: readonly string[];
  hidden: ReadonlySet<string>;
  /** False until the card is near the viewport. */
  enabled: boolean;
}

const byLegendOrder = (a: string, b: string) => {
  const rank = (t: string) => {
    const i = EVENT_TYPES.indexOf(t as (typeof EVENT_TYPES)[number]);
    return i < 0 ? EVENT_TYPES.length : i;
  };
  return rank(a) - rank(b) || a.localeCompare(b);
};

/** One window's activity as stacked bars per event type, with its total as text. */
export function IntervalSparkline({ email, interval, types, hidden, enabled }: IntervalSparklineProps) {
  const series = usePatternTimeseries(email, interval, enabled);
  const label = INTERVAL_LABELS[interval];
  const labelId = useId();

  let body: ReactNode;
  let summary: ReactNode = null;
  if (!enabled || series.isPending) {
    body = (
      <span className={`skeleton ${styles.chartSkeleton}`} role="status" aria-label={`Loading ${label}`} />
    );
  } else if (series.isError) {
    body = (
      <div className={styles.chartError} role="alert">
        <span>Could not load: {series.error.message}</span>
        <Button size="sm" onClick={() => series.refetch()} aria-label={`Try again: ${label}`}>
          Try again
        </Button>
      </div>
    );
  } else if (series.data === null) {
    body = <p className={styles.chartEmpty}>The graph no longer knows this email.</p>;
  } else {
    const all = [...new Set([...types, ...seriesTypes(series.data)])].sort(byLegendOrder);
    const view = seriesView(series.data, all, hidden);
    const visible = all.filter((type) => !hidden.has(type));
    const filtered = view.shown !== view.total;
    summary = (
      <span className={styles.sparkTotal} data-testid={`total-${interval}`}>
        {filtered
          ? `${formatCount(view.shown)} of ${plural(view.total, 'observation')}`
          : plural(view.total, 'observation')}
      </span>
    );
    const description =
      view.shown === 0
        ? `${label}: no activity${filtered ? ' of the selected event types' : ''}.`
        : `${label}: ${plural(view.shown, 'observation')} in ${view.rows.length} bars; busiest ${
            view.peak
              ? `${formatBucket(view.peak.startMs, series.data.bucketMs)} with ${formatCount(view.peak.count)}`
              : ''
          }.`;
    body = (
      <BarChart
        className={styles.chart}
        data={view.rows}
        responsive
        style={{ width: '100%', height: 56 }}
        margin={{ top: 2, right: 0, bottom: 0, left: 0 }}
        barCategoryGap={1}
        aria-label={description}
      >
        <XAxis dataKey="startMs" hide />
        <YAxis hide allowDecimals={false} domain={[0, (max: number) => Math.max(1, max)]} />
        <Tooltip
          cursor={{ fill: 'var(--surface-2)' }}
          isAnimationActive={false}
          content={({ active, activeIndex }) => {
            const row = active && activeIndex !== undefined ? view.rows[Number(activeIndex)] : undefined;
            if (!row) return null;
            const counts = visible.filter((type) => (row[type] ?? 0) > 0);
            return (
              <div className={styles.tooltip}>
                <strong>{formatBucket(row.startMs, series.data?.bucketMs ?? 0)}</strong>
                {counts.length === 0 ? (
                  <span className="muted">No activity</span>
                ) : (
                  <ul>
                    {counts.map((type) => (
                      <li key={type}>
                        <span
                          className={styles.swatch}
                          style={{ background: eventColor(type) }}
                          aria-hidden="true"
                        />
                        {eventLabel(type)}: {formatCount(row[type] ?? 0)}
                      </li>
                    ))}
                  </ul>
                )}
              </div>
            );
          }}
        />
        {visible.map((type) => (
          <Bar
            key={type}
            dataKey={type}
            name={eventLabel(type)}
            stackId="events"
            fill={eventColor(type)}
            isAnimationActive={false}
          />
        ))}
      </BarChart>
    );
  }

  return (
    <figure className={styles.spark} aria-labelledby={labelId}>
      <figcaption className={styles.sparkCaption}>
        <span id={labelId} className={styles.sparkLabel}>
          {label}
        </span>
        {summary}
      </figcaption>
      <div className={styles.chartBox}>{body}</div>
    </figure>
  );
}
