'use client';

import { BAND_LABEL } from '@/components/results/risk-style';
import { Segmented } from '@/components/ui/segmented';
import type { RiskBand } from '@/lib/engine/risk';
import { BANDS } from './format';
import styles from './sessions.module.css';

export type BandChoice = RiskBand | 'all';

const OPTIONS: readonly BandChoice[] = ['all', ...BANDS];

/** Radio buttons (arrow keys move between them) choosing which risk band the list shows. */
export function BandFilter({ value, onChange }: { value: BandChoice; onChange: (next: BandChoice) => void }) {
  return (
    <fieldset className={styles.filter}>
      <legend className={styles.filterLegend}>Risk band</legend>
      <Segmented
        name="session-band"
        options={OPTIONS}
        value={value}
        onChange={onChange}
        labelOf={(option) => (option === 'all' ? 'All' : BAND_LABEL[option])}
      />
    </fieldset>
  );
}
