'use client';

import { CartesianGrid, LabelList, Line, LineChart, ReferenceLine, Tooltip, XAxis, YAxis } from 'recharts';
import { formatRisk } from '@/components/results/risk-style';
import tooltip from '@/components/ui/chart-tooltip.module.css';
import { formatDelta } from './format';
import type { TimelineCall } from './session-types';
import styles from './sessions.module.css';

/** A sentence a screen reader can read instead of the chart. */
export function describeRisk(timeline: readonly TimelineCall[]): string {
  const first = timeline[0];
  const last = timeline.at(-1);
  if (!first || !last) return 'No calls.';
  if (first === last) return `One call, risk ${formatRisk(first.risk)}.`;
  const steps = timeline.map((call) => `${formatRisk(call.risk)} after call ${call.index}`).join(', ');
  return `Risk over ${timeline.length} calls: ${steps}.`;
}

/** The session's risk after each call, point by point, with the medium (0.50) and high (0.75) thresholds. */
export function RiskChart({ timeline }: { timeline: readonly TimelineCall[] }) {
  const data = timeline.map((call) => ({ call: call.index, risk: call.risk, delta: call.delta }));
  return (
    <figure className={styles.chartFigure}>
      <LineChart
        data={data}
        responsive
        style={{ width: '100%', height: 220 }}
        margin={{ top: 20, right: 24, bottom: 4, left: 0 }}
        aria-label={describeRisk(timeline)}
      >
        <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" vertical={false} />
        <XAxis
          dataKey="call"
          type="category"
          tickFormatter={(value: number) => `Call ${value}`}
          padding={{ left: 32, right: 32 }}
          stroke="var(--border-strong)"
          tick={{ fill: 'var(--muted)', fontSize: 12 }}
        />
        <YAxis
          domain={[0, 1]}
          ticks={[0, 0.25, 0.5, 0.75, 1]}
          tickFormatter={(value: number) => value.toFixed(2)}
          stroke="var(--border-strong)"
          tick={{ fill: 'var(--muted)', fontSize: 12 }}
          width={44}
        />
        <ReferenceLine
          y={0.75}
          stroke="var(--danger)"
          strokeDasharray="4 4"
          label={{ value: 'high', position: 'insideTopRight', fill: 'var(--danger)', fontSize: 11 }}
        />
        <ReferenceLine
          y={0.5}
          stroke="var(--warning)"
          strokeDasharray="4 4"
          label={{ value: 'medium', position: 'insideTopRight', fill: 'var(--warning)', fontSize: 11 }}
        />
        <Tooltip
          isAnimationActive={false}
          cursor={{ stroke: 'var(--border-strong)' }}
          content={({ active, activeIndex }) => {
            const row = active && activeIndex !== undefined ? data[Number(activeIndex)] : undefined;
            if (!row) return null;
            return (
              <div className={tooltip.tooltip}>
                <strong>Call {row.call}</strong>
                <span>
                  Risk {formatRisk(row.risk)}
                  {row.delta === null ? '' : ` (${formatDelta(row.delta)})`}
                </span>
              </div>
            );
          }}
        />
        <Line
          type="linear"
          dataKey="risk"
          name="Risk"
          stroke="var(--accent)"
          strokeWidth={2}
          dot={{ r: 4, fill: 'var(--accent)', stroke: 'var(--surface)' }}
          activeDot={{ r: 6 }}
          isAnimationActive={false}
        >
          <LabelList
            dataKey="risk"
            position="top"
            offset={10}
            formatter={(value) => (typeof value === 'number' ? formatRisk(value) : '')}
            fill="var(--fg)"
            fontSize={12}
          />
        </Line>
      </LineChart>
      <figcaption className="field-hint">
        Risk after each call; dashed lines mark where the medium and high bands begin.
      </figcaption>
    </figure>
  );
}
