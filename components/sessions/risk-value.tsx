import { BAND_LABEL, BAND_TONE, formatRisk } from '@/components/results/risk-style';
import { Badge } from '@/components/ui/badge';
import type { RiskBand } from '@/lib/engine/risk';
import styles from './sessions.module.css';

/** A risk score with its band, e.g. "0.64 Medium". */
export function RiskValue({ risk, band }: { risk: number; band: RiskBand }) {
  return (
    <span className={styles.risk}>
      <span className={styles.riskNumber}>{formatRisk(risk)}</span>
      <Badge tone={BAND_TONE[band]}>{BAND_LABEL[band]}</Badge>
    </span>
  );
}
