import type { RiskBand } from '@/lib/engine/risk';

export const BANDS: readonly RiskBand[] = ['low', 'medium', 'high'];

export function parseBand(value: unknown): RiskBand | null {
  return typeof value === 'string' && (BANDS as readonly string[]).includes(value)
    ? (value as RiskBand)
    : null;
}

/** A signed risk step: "+0.12", "−0.04", "±0.00". */
export function formatDelta(delta: number): string {
  const rounded = Math.round(delta * 100) / 100;
  if (rounded === 0) return '±0.00';
  return rounded > 0 ? `+${rounded.toFixed(2)}` : `−${Math.abs(rounded).toFixed(2)}`;
}
