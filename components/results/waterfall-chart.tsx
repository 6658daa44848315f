'use client';

import {
  Bar,
  BarChart,
  type BarShapeProps,
  CartesianGrid,
  LabelList,
  Rectangle,
  ReferenceLine,
  Tooltip,
  type TooltipContentProps,
  XAxis,
  YAxis,
} from 'recharts';
import { riskBand } from '@/lib/engine/risk';
import styles from './results.module.css';
import { BAND_COLOR, BAND_LABEL, formatRisk, formatStep, LEVEL_COLOR, LEVEL_LABEL } from './risk-style';
import { ScrollRegion } from './scroll-region';
import { useNarrow } from './use-narrow';
import type { WaterfallStep } from './waterfall-steps';

interface Row {
  label: string;
  /** Invisible part of the stacked bar: where the step starts. */
  base: number;
  step: number;
  color: string;
  detail: string;
  /** Printed at the end of the bar, so the chart is readable without telling colours apart. */
  valueLabel: string;
  shortLabel: string;
}

const ROW_HEIGHT = 30;

function rowsOf(steps: readonly WaterfallStep[], risk: number): Row[] {
  const band = riskBand(risk);
  return [
    ...steps.map((step) => ({
      label: step.name,
      // A trust step (negative) is drawn from its end up to its start, in the "good" colour.
      base: Math.min(step.start, step.end),
      step: Math.abs(step.end - step.start),
      color: step.contribution < 0 ? 'var(--success)' : LEVEL_COLOR[step.risk],
      valueLabel: `${step.contribution > 0 ? '+' : ''}${step.contribution.toFixed(3)} ${step.contribution < 0 ? 'trust' : LEVEL_LABEL[step.risk].toLowerCase()}`,
      shortLabel: `${step.contribution > 0 ? '+' : ''}${step.contribution.toFixed(3)}`,
      detail: `${LEVEL_LABEL[step.risk]} risk, ${formatStep(step.contribution)} (${step.start.toFixed(4)} → ${step.end.toFixed(4)})`,
    })),
    {
      label: 'Overall risk',
      base: 0,
      step: risk,
      color: BAND_COLOR[band],
      valueLabel: `${formatRisk(risk)} ${BAND_LABEL[band].toLowerCase()}`,
      shortLabel: formatRisk(risk),
      detail: `${formatRisk(risk)}, ${BAND_LABEL[band].toLowerCase()} band`,
    },
  ];
}

function StepTooltip({ active, payload }: TooltipContentProps) {
  const row = payload?.[0]?.payload as Row | undefined;
  if (!active || !row) return null;
  return (
    <div className={styles.tooltip}>
      <strong>{row.label}</strong>
      <span>{row.detail}</span>
    </div>
  );
}

/**
 * How each check moved the score: stacked bars whose invisible part is the score before the
 * check, the visible part its step, and the overall risk last. The table below says the same.
 */
export function WaterfallChart({ steps, risk }: { steps: readonly WaterfallStep[]; risk: number }) {
  const narrow = useNarrow();
  const rows = rowsOf(steps, risk);
  const summary =
    `Waterfall: ${steps.length} ${steps.length === 1 ? 'check' : 'checks'} moved the risk from 0 to ` +
    `${formatRisk(risk)}. The table "Steps as a table" below lists every step.`;
  return (
    <figure className={styles.waterfall}>
      <div role="img" aria-label={summary}>
        <BarChart
          layout="vertical"
          data={rows}
          responsive
          accessibilityLayer={false}
          style={{ width: '100%', height: rows.length * ROW_HEIGHT + 48 }}
          margin={{ top: 20, right: narrow ? 48 : 96, bottom: 8, left: 0 }}
          barCategoryGap={6}
        >
          <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" horizontal={false} />
          <XAxis
            type="number"
            domain={[0, 1]}
            ticks={[0, 0.25, 0.5, 0.75, 1]}
            tickFormatter={(value: number) => value.toFixed(2)}
            stroke="var(--border-strong)"
            tick={{ fill: 'var(--muted)', fontSize: 12 }}
          />
          <YAxis
            type="category"
            dataKey="label"
            width={narrow ? 104 : 230}
            interval={0}
            tickFormatter={(label: string) =>
              narrow && label.length > 16 ? `${label.slice(0, 15)}…` : label
            }
            stroke="var(--border-strong)"
            tick={{ fill: 'var(--fg)', fontSize: 12 }}
          />
          <ReferenceLine
            x={0.5}
            stroke="var(--warning)"
            strokeDasharray="4 4"
            label={
              narrow ? undefined : { value: 'medium', position: 'top', fill: 'var(--warning)', fontSize: 11 }
            }
          />
          <ReferenceLine
            x={0.75}
            stroke="var(--danger)"
            strokeDasharray="4 4"
            label={
              narrow ? undefined : { value: 'high', position: 'top', fill: 'var(--danger)', fontSize: 11 }
            }
          />
          <Tooltip
            content={StepTooltip}
            isAnimationActive={false}
            cursor={{ fill: 'var(--surface-2)', fillOpacity: 0.6 }}
          />
          <Bar dataKey="base" stackId="waterfall" fill="transparent" isAnimationActive={false} />
          <Bar
            dataKey="step"
            stackId="waterfall"
            isAnimationActive={false}
            shape={(props: BarShapeProps) => (
              <Rectangle
                x={props.x}
                y={props.y}
                width={props.width}
                height={props.height}
                fill={rows[props.index]?.color ?? 'var(--muted)'}
              />
            )}
          >
            <LabelList
              dataKey={narrow ? 'shortLabel' : 'valueLabel'}
              position="right"
              fill="var(--muted)"
              fontSize={11}
            />
          </Bar>
        </BarChart>
      </div>
      <figcaption className="muted">
        Dashed lines: the medium (0.50) and high (0.75) thresholds. Each bar starts where the previous check
        left the score.
      </figcaption>
      <details className={styles.stepsTable}>
        <summary>Steps as a table</summary>
        <ScrollRegion label="Waterfall steps">
          <table className="table">
            <caption className="visually-hidden">How each check moved the risk score</caption>
            <thead>
              <tr>
                <th scope="col">Check</th>
                <th scope="col">Risk</th>
                <th scope="col">Before</th>
                <th scope="col">Step</th>
                <th scope="col">After</th>
              </tr>
            </thead>
            <tbody>
              {steps.map((step) => (
                <tr key={step.id}>
                  <th scope="row">
                    {step.name} <code className={styles.checkId}>{step.id}</code>
                  </th>
                  <td>{LEVEL_LABEL[step.risk]}</td>
                  <td>{step.start.toFixed(4)}</td>
                  <td>{formatStep(step.contribution)}</td>
                  <td>{step.end.toFixed(4)}</td>
                </tr>
              ))}
              <tr>
                <th scope="row">Overall risk</th>
                <td>{BAND_LABEL[riskBand(risk)]}</td>
                <td />
                <td />
                <td>{risk.toFixed(4)}</td>
              </tr>
            </tbody>
          </table>
        </ScrollRegion>
      </details>
    </figure>
  );
}
