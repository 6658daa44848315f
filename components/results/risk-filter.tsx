import type { RiskLevel } from '@/lib/engine/types';
import { RISK_ORDER } from '@/lib/engine/types';
import styles from './results.module.css';
import { LEVEL_LABEL } from './risk-style';

interface RiskFilterProps {
  counts: Readonly<Record<RiskLevel, number>>;
  shown: ReadonlySet<RiskLevel>;
  onToggle: (level: RiskLevel) => void;
  onShowAll: () => void;
}

/** Toggle buttons per risk level, with how many checks each holds. */
export function RiskFilter({ counts, shown, onToggle, onShowAll }: RiskFilterProps) {
  const all = shown.size === RISK_ORDER.length;
  return (
    <fieldset className={styles.filterSet}>
      <legend className="visually-hidden">Filter checks by risk</legend>
      <div className={styles.filter}>
        <span className={styles.filterLabel} aria-hidden="true">
          Risk
        </span>
        {RISK_ORDER.map((level) => (
          <button
            key={level}
            type="button"
            className={styles.toggle}
            data-level={level}
            aria-pressed={shown.has(level)}
            onClick={() => onToggle(level)}
          >
            <span className={styles.toggleMark} aria-hidden="true" />
            {LEVEL_LABEL[level]}
            <span className={styles.toggleCount}>
              {counts[level]}
              <span className="visually-hidden"> {counts[level] === 1 ? 'check' : 'checks'}</span>
            </span>
          </button>
        ))}
        <button type="button" className="btn btn-sm btn-ghost" onClick={onShowAll} disabled={all}>
          Show all
        </button>
      </div>
    </fieldset>
  );
}
