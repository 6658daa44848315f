'use client';

import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import tooltip from '@/components/ui/chart-tooltip.module.css';
import { STATUS_CLASSES, type UsageDay } from '@/lib/contract/console/usage';
import styles from './usage.module.css';
import { formatCount, formatDay, STATUS_STYLE } from './usage-style';

/** A sentence a screen reader can read instead of the chart. */
export function describeUsage(days: readonly UsageDay[]): string {
  const total = (d: UsageDay) => STATUS_CLASSES.reduce((sum, c) => sum + d[c], 0);
  const all = days.reduce((sum, d) => sum + total(d), 0);
  if (all === 0)
    return `No requests from ${formatDay(days[0]?.day ?? '')} to ${formatDay(days.at(-1)?.day ?? '')}.`;
  const busiest = days.reduce((best, d) => (total(d) > total(best) ? d : best));
  return `${formatCount(all)} requests over ${days.length} days; busiest ${formatDay(busiest.day)} with ${formatCount(total(busiest))}.`;
}

/** Requests per day, stacked by status class. */
export function UsageChart({ days }: { days: readonly UsageDay[] }) {
  return (
    <figure className={styles.chart}>
      <BarChart
        data={[...days]}
        responsive
        style={{ width: '100%', height: 260 }}
        margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
        aria-label={describeUsage(days)}
      >
        <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" vertical={false} />
        <XAxis
          dataKey="day"
          tickFormatter={formatDay}
          stroke="var(--border-strong)"
          tick={{ fill: 'var(--muted)', fontSize: 12 }}
          minTickGap={16}
        />
        <YAxis
          allowDecimals={false}
          stroke="var(--border-strong)"
          tick={{ fill: 'var(--muted)', fontSize: 12 }}
          width={48}
        />
        <Tooltip
          cursor={{ fill: 'var(--surface-2)' }}
          isAnimationActive={false}
          content={({ active, activeIndex }) => {
            const row = active && activeIndex !== undefined ? days[Number(activeIndex)] : undefined;
            if (!row) return null;
            return (
              <div className={tooltip.tooltip}>
                <strong>{formatDay(row.day)}</strong>
                {STATUS_CLASSES.map((c) => (
                  <span key={c}>
                    <span
                      className={styles.swatch}
                      style={{ background: STATUS_STYLE[c].color }}
                      aria-hidden="true"
                    />
                    {STATUS_STYLE[c].label}: {formatCount(row[c])}
                  </span>
                ))}
              </div>
            );
          }}
        />
        {STATUS_CLASSES.map((c) => (
          <Bar
            key={c}
            dataKey={c}
            name={STATUS_STYLE[c].label}
            stackId="status"
            fill={STATUS_STYLE[c].color}
            isAnimationActive={false}
          />
        ))}
      </BarChart>
      <figcaption className="field-hint">
        Requests per day (UTC), stacked by status class as in the totals above.
      </figcaption>
    </figure>
  );
}
