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

export function formatDateTime(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** "3 minutes ago", "yesterday", "just now". */
export function formatRelative(iso: string, nowMs: number = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - nowMs) / 1000);
  if (Math.abs(seconds) < 45) return 'just now';
  const format = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
  }
  return format.format(Math.round(seconds / 60), 'minute');
}
