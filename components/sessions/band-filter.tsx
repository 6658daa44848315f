'use client';

import type { RiskBand } from '@/lib/engine/risk';
import { BAND_LABEL, BANDS } from './format';
import styles from './sessions.module.css';

export type BandChoice = RiskBand | 'all';

const OPTIONS: readonly BandChoice[] = ['all', ...BANDS];

/** Radio buttons (arrow keys move between them) choosing which risk band the list shows. */
export function BandFilter({ value, onChange }: { value: BandChoice; onChange: (next: BandChoice) => void }) {
  return (
    <fieldset className={styles.filter}>
      <legend className={styles.filterLegend}>Risk band</legend>
      <div className="segmented">
        {OPTIONS.map((option) => (
          <label key={option}>
            <input
              type="radio"
              name="session-band"
              value={option}
              checked={value === option}
              onChange={() => onChange(option)}
            />
            {option === 'all' ? 'All' : BAND_LABEL[option]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
