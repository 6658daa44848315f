import type { BadgeTone } from '@/components/ui/badge';
import type { RiskBand } from '@/lib/engine/risk';
import type { RiskLevel } from '@/lib/engine/types';

export const LEVEL_LABEL: Readonly<Record<RiskLevel, string>> = {
  HIGH: 'High',
  MED: 'Medium',
  LOW: 'Low',
  NONE: 'None',
};

export const LEVEL_TONE: Readonly<Record<RiskLevel, BadgeTone>> = {
  HIGH: 'danger',
  MED: 'warning',
  LOW: 'info',
  NONE: 'neutral',
};

/** Chart fills from the theme's variables, so both themes keep their contrast. */
export const LEVEL_COLOR: Readonly<Record<RiskLevel, string>> = {
  HIGH: 'var(--danger)',
  MED: 'var(--warning)',
  LOW: 'var(--info)',
  NONE: 'var(--border-strong)',
};

export const BAND_LABEL: Readonly<Record<RiskBand, string>> = { low: 'Low', medium: 'Medium', high: 'High' };

export const BAND_TONE: Readonly<Record<RiskBand, BadgeTone>> = {
  low: 'success',
  medium: 'warning',
  high: 'danger',
};

export const BAND_COLOR: Readonly<Record<RiskBand, string>> = {
  low: 'var(--success)',
  medium: 'var(--warning)',
  high: 'var(--danger)',
};

/** What each band covers, as docs/api/operations.md states it. */
export const BAND_RANGE: Readonly<Record<RiskBand, string>> = {
  low: '0.00 to 0.50',
  medium: 'above 0.50 to 0.75',
  high: 'above 0.75',
};

/** Risk to two decimals, as bands are stated. */
export const formatRisk = (risk: number): string => risk.toFixed(2);

/** A waterfall step to four decimals, the precision of the API's contributions. */
export const formatStep = (step: number): string => (step > 0 ? `+${step.toFixed(4)}` : step.toFixed(4));

/** A weight of evidence in log-odds, signed. */
export const formatWeight = (weight: number): string =>
  weight > 0 ? `+${weight.toFixed(1)}` : weight.toFixed(1);

/**
 * A state that is its risk level's own word (a country's risk HIGH, a list's NONE) is said once
 * by the level chip: "High", not "HIGH High".
 */
export const sameWord = (state: string, risk: RiskLevel) =>
  state.toUpperCase() === risk || state.toUpperCase() === LEVEL_LABEL[risk].toUpperCase();
