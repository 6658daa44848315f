import { PATTERN_INTERVALS } from '@/lib/contract/intervals';
import { formatCount, INTERVAL_LABELS } from './format';
import styles from './signals.module.css';
import { eventLabel, type SummaryAnswer } from './signals-types';

/** The sparklines' figures as a table: observations, sources and each event type per window. */
export function ActivityTable({ summary, types }: { summary: SummaryAnswer; types: readonly string[] }) {
  return (
    <details className={styles.tableDetails}>
      <summary>Show the figures as a table</summary>
      <div className="table-wrap">
        <table className={`table table-cards ${styles.compactTable}`}>
          <caption className="visually-hidden">Observations per window and event type</caption>
          <thead>
            <tr>
              <th scope="col">Window</th>
              <th scope="col">Observations</th>
              <th scope="col">Sources</th>
              {types.map((type) => (
                <th key={type} scope="col">
                  {eventLabel(type)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {PATTERN_INTERVALS.map((interval) => {
              const window = summary[interval];
              const byType = new Map((window.events ?? []).map((e) => [e.type, e.observations] as const));
              return (
                <tr key={interval}>
                  <th scope="row">{INTERVAL_LABELS[interval]}</th>
                  <td data-label="Observations">{formatCount(window.observations)}</td>
                  <td data-label="Sources">{formatCount(window.sources)}</td>
                  {types.map((type) => (
                    <td key={type} data-label={eventLabel(type)}>
                      {formatCount(byType.get(type) ?? 0)}
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </details>
  );
}
