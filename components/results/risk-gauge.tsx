import { riskBand } from '@/lib/engine/risk';
import styles from './results.module.css';
import { BAND_COLOR, BAND_LABEL, BAND_RANGE, formatRisk } from './risk-style';

// A semicircle from 0 (left) to 1 (right); pathLength 100 makes dash lengths percentages.
const ARC = 'M 20 100 A 80 80 0 0 1 180 100';
const ZONES = [
  { from: 0, to: 0.5, color: BAND_COLOR.low },
  { from: 0.5, to: 0.75, color: BAND_COLOR.medium },
  { from: 0.75, to: 1, color: BAND_COLOR.high },
];

function tick(value: number) {
  const angle = Math.PI * (1 - value);
  const at = (radius: number) => ({ x: 100 + radius * Math.cos(angle), y: 100 - radius * Math.sin(angle) });
  const inner = at(66);
  const outer = at(96);
  return { x1: inner.x, y1: inner.y, x2: outer.x, y2: outer.y };
}

/** The overall risk on a half dial with the band thresholds marked; value and band also in text. */
export function RiskGauge({ risk }: { risk: number }) {
  const band = riskBand(risk);
  const clamped = Math.min(1, Math.max(0, risk));
  return (
    // The text says it all (value and band); the dial only draws it.
    <figure className={styles.gauge}>
      <figcaption className="visually-hidden">Overall risk</figcaption>
      <svg viewBox="0 0 200 108" aria-hidden="true" focusable="false" className={styles.gaugeSvg}>
        {ZONES.map((zone) => (
          <path
            key={zone.from}
            d="M 6 100 A 94 94 0 0 1 194 100"
            pathLength={100}
            fill="none"
            stroke={zone.color}
            strokeOpacity={0.55}
            strokeWidth={4}
            strokeDasharray={`${(zone.to - zone.from) * 100} 100`}
            strokeDashoffset={-zone.from * 100}
          />
        ))}
        <path d={ARC} pathLength={100} fill="none" stroke="var(--surface-2)" strokeWidth={16} />
        <path
          d={ARC}
          pathLength={100}
          fill="none"
          stroke={BAND_COLOR[band]}
          strokeWidth={16}
          strokeDasharray={`${clamped * 100} 100`}
        />
        {[0.5, 0.75].map((value) => (
          <line key={value} {...tick(value)} stroke="var(--fg)" strokeWidth={1.5} strokeOpacity={0.6} />
        ))}
      </svg>
      <div className={styles.gaugeText}>
        <span className={styles.gaugeNumber}>{formatRisk(risk)}</span>
        <span className={styles.gaugeBand} data-band={band}>
          {BAND_LABEL[band]} risk
          <span className="visually-hidden"> ({BAND_RANGE[band]})</span>
        </span>
      </div>
    </figure>
  );
}
