'use client';

import { formatCount } from './format';
import styles from './signals.module.css';
import { eventColor, eventLabel } from './signals-types';

interface EventLegendProps {
  types: readonly string[];
  /** Observations per type over the last 12 months, shown next to each name. */
  counts: ReadonlyMap<string, number>;
  hidden: ReadonlySet<string>;
  onToggle: (type: string) => void;
}

/** The event types as toggle buttons: pressed means drawn in every sparkline of the card. */
export function EventLegend({ types, counts, hidden, onToggle }: EventLegendProps) {
  return (
    <fieldset className={styles.legend}>
      <legend className="visually-hidden">Event types shown in the sparklines</legend>
      {types.map((type) => {
        const shown = !hidden.has(type);
        return (
          <button
            key={type}
            type="button"
            className={styles.legendButton}
            aria-pressed={shown}
            onClick={() => onToggle(type)}
            title={shown ? `Hide ${eventLabel(type)}` : `Show ${eventLabel(type)}`}
          >
            <span
              className={styles.swatch}
              style={shown ? { background: eventColor(type) } : undefined}
              aria-hidden="true"
            />
            {eventLabel(type)}
            <span className={styles.legendCount}>{formatCount(counts.get(type) ?? 0)}</span>
          </button>
        );
      })}
    </fieldset>
  );
}
