// How well a policy's scores separate a workspace's declines from its approvals, on sessions the
// fit did not see: the split, the AUC and the shares caught and flagged at the band thresholds.
import { riskBand, round4 } from '../risk';

/** A labelled session scored under one policy. */
export interface ScoredLabel {
  risk: number;
  /** An analyst declined it (1); approved, it is 0. */
  declined: boolean;
}

/** Shares of declines and of approvals at or above a band: caught and flagged. */
export interface BandShares {
  declines: number | null;
  approvals: number | null;
}

export interface HeldOutMetrics {
  sessions: number;
  declines: number;
  approvals: number;
  /** P(a decline scores above an approval), ties counting half; null without both classes. */
  auc: number | null;
  /** Above the low band (risk > 0.5): the sessions the review queue shows. */
  aboveLow: BandShares;
  /** In the high band (risk > 0.75). */
  high: BandShares;
}

/** The share of the sessions trained on; the rest are held out for the before/after metrics. */
export const TRAINING_SHARE = 0.7;

/** FNV-1a, 32 bits: a stable hash of the session id, so the split is the same on every run. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** Whether a session is in the training 70 %: by its id's hash, not by order or chance. */
export const inTraining = (sessionId: string): boolean => fnv1a(sessionId) % 1000 < TRAINING_SHARE * 1000;

/**
 * The Mann-Whitney AUC: the share of (decline, approval) pairs in which the decline scores higher,
 * ties counting half, from the average ranks (O(n log n), not every pair).
 */
export function auc(scored: readonly ScoredLabel[]): number | null {
  const declines = scored.filter((s) => s.declined).length;
  const approvals = scored.length - declines;
  if (declines === 0 || approvals === 0) return null;
  const sorted = [...scored].sort((a, b) => a.risk - b.risk);
  let declineRanks = 0;
  for (let start = 0; start < sorted.length; ) {
    let end = start;
    while (end < sorted.length && sorted[end]?.risk === sorted[start]?.risk) end++;
    // Ranks start+1..end share their average.
    const rank = (start + 1 + end) / 2;
    for (let i = start; i < end; i++) if (sorted[i]?.declined) declineRanks += rank;
    start = end;
  }
  return round4((declineRanks - (declines * (declines + 1)) / 2) / (declines * approvals));
}

const share = (count: number, of: number): number | null => (of === 0 ? null : round4(count / of));

function bandShares(scored: readonly ScoredLabel[], above: (risk: number) => boolean): BandShares {
  const declines = scored.filter((s) => s.declined);
  const approvals = scored.filter((s) => !s.declined);
  return {
    declines: share(declines.filter((s) => above(s.risk)).length, declines.length),
    approvals: share(approvals.filter((s) => above(s.risk)).length, approvals.length),
  };
}

export function heldOutMetrics(scored: readonly ScoredLabel[]): HeldOutMetrics {
  const declines = scored.filter((s) => s.declined).length;
  return {
    sessions: scored.length,
    declines,
    approvals: scored.length - declines,
    auc: auc(scored),
    aboveLow: bandShares(scored, (risk) => riskBand(risk) !== 'low'),
    high: bandShares(scored, (risk) => riskBand(risk) === 'high'),
  };
}
