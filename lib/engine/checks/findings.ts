// Several emails or phones feed one check: each gets a finding, the riskiest decides the state.
import { RISK_ORDER, type RiskLevel } from '../types';

export interface Finding<S extends string> {
  state: S;
  risk: RiskLevel;
  /** One sentence about this item, without the final stop: "The domain gmail.com is a free provider". */
  detail: string;
}

/** The riskiest finding; the first one wins a tie, so the caller's order decides. */
export function riskiest<S extends string>(findings: readonly Finding<S>[]): Finding<S> | undefined {
  let best: Finding<S> | undefined;
  for (const finding of findings) {
    if (best === undefined || RISK_ORDER.indexOf(finding.risk) < RISK_ORDER.indexOf(best.risk)) {
      best = finding;
    }
  }
  return best;
}

/**
 * The riskiest finding; the `quiet` states (by default UNKNOWN: a digest, an unreadable item)
 * only speak when nothing else does.
 */
export function decide<S extends string>(
  findings: readonly Finding<S>[],
  quiet: readonly string[] = ['UNKNOWN'],
): Finding<S> | undefined {
  const known = findings.filter((finding) => !quiet.includes(finding.state));
  return riskiest(known.length > 0 ? known : findings);
}

/**
 * One finding reads as its sentence; several are numbered in input order after a note that
 * the riskiest decides: "Riskiest of 2 emails. Email 1: ... Email 2: ...".
 */
export function describeFindings(noun: 'email' | 'phone', details: readonly string[]): string {
  if (details.length === 1) return `${details[0]}.`;
  const label = noun === 'email' ? 'Email' : 'Phone';
  const items = details.map((detail, index) => `${label} ${index + 1}: ${detail}.`);
  return [`Riskiest of ${details.length} ${noun}s.`, ...items].join(' ');
}
