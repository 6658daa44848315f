// An honest cold start: the absence states (no footprint, never seen, first seen lately, no social
// profiles) say something only when the graph would have known the applicant. How often it did is
// measured on the workspace's recent Verify sessions, and the absence states carry their level only
// as far as that coverage makes them informative. Pure: the services layer measures, this decides.
import type { CheckId } from './checks/catalog';
import type { GraphFacts } from './graph/facts';
import { type Check, RISK_ORDER, type RiskLevel } from './types';

const DAY_MS = 86_400_000;
const YEAR_MS = 365.25 * DAY_MS;

/** Sessions and their emails and phones counted over this many days. */
export const COVERAGE_WINDOW_DAYS = 30;
/** Fewer sessions than this in the window: too few to measure, absence weighs nothing. */
export const COVERAGE_MIN_SESSIONS = 100;
/** Shares at or above which absence weighs one level below its default, and its full default. */
export const COVERAGE_PARTIAL = 0.25;
export const COVERAGE_FULL = 0.6;

/** What one new session adds to the measurement: its emails and phones, and how long each was known. */
export interface CoverageSample {
  /** Emails and phones of the session's first call that could be looked up (parsed). */
  asked: number;
  /** Of those, first seen by the graph more than 30 days before the session. */
  knownMonth: number;
  /** Of those, first seen by the graph more than a year before the session. */
  knownYear: number;
}

/** The workspace's sessions of the last COVERAGE_WINDOW_DAYS, summed. */
export interface GraphCoverage extends CoverageSample {
  /** Sessions that carried at least one email or phone. */
  sessions: number;
}

/** Which horizon an absence state needs the graph to have known applicants over. */
type Horizon = 'month' | 'year';

/**
 * The absence states: each says "the graph has no (earlier) sighting". FIRST_SEEN RECENT is "no
 * sighting older than a year", so it needs applicants known for over a year to mean anything.
 */
export const ABSENCE_STATES: readonly { id: CheckId; state: string; horizon: Horizon }[] = [
  { id: 'DIGITAL_NO_DIGITAL_FOOTPRINT', state: 'TRUE', horizon: 'month' },
  { id: 'DIGITAL_NO_SOCIAL_NETWORK_PROFILES', state: 'TRUE', horizon: 'month' },
  { id: 'EMAIL_NEVER_SEEN', state: 'TRUE', horizon: 'month' },
  { id: 'EMAIL_FIRST_SEEN', state: 'NEW', horizon: 'month' },
  { id: 'EMAIL_FIRST_SEEN', state: 'RECENT', horizon: 'year' },
  { id: 'PHONE_FIRST_SEEN', state: 'NEW', horizon: 'month' },
  { id: 'PHONE_FIRST_SEEN', state: 'RECENT', horizon: 'year' },
];

/** The absence entry of a check in its state, if it is one. */
export function absenceHorizon(check: Pick<Check, 'id' | 'state'>): Horizon | null {
  return (
    ABSENCE_STATES.find((entry) => entry.id === check.id && entry.state === check.state)?.horizon ?? null
  );
}

/** The sample a new session contributes, from the facts read before its first call was recorded. */
export function coverageSample(graph: GraphFacts | null, nowMs: number): CoverageSample {
  const sample: CoverageSample = { asked: 0, knownMonth: 0, knownYear: 0 };
  if (graph === null) return sample;
  const seen = [...graph.emails, ...graph.phones.map((phone) => phone.seen)];
  for (const facts of seen) {
    sample.asked++;
    if (facts === null) continue;
    const age = nowMs - facts.firstSeenMs;
    if (age > 30 * DAY_MS) sample.knownMonth++;
    if (age > YEAR_MS) sample.knownYear++;
  }
  return sample;
}

/** How many levels below its default an absence state weighs: 0 (full), 1 or 3 (none at all). */
export function absenceDiscount(coverage: GraphCoverage | null, horizon: Horizon): number {
  const share = coverageShare(coverage, horizon);
  if (share === null || share < COVERAGE_PARTIAL) return 3;
  return share < COVERAGE_FULL ? 1 : 0;
}

/** The share of applicants the graph had known over the horizon; null below the session floor. */
export function coverageShare(coverage: GraphCoverage | null, horizon: Horizon): number | null {
  if (coverage === null || coverage.sessions < COVERAGE_MIN_SESSIONS || coverage.asked === 0) return null;
  return (horizon === 'month' ? coverage.knownMonth : coverage.knownYear) / coverage.asked;
}

const lower = (level: RiskLevel, steps: number): RiskLevel =>
  RISK_ORDER[Math.min(RISK_ORDER.length - 1, RISK_ORDER.indexOf(level) + steps)] ?? 'NONE';

const percent = (share: number) => `${Math.round(share * 100)} %`;

/** The sentence that says how informative absence is, appended to every absence state. */
export function coverageEvidence(coverage: GraphCoverage | null, horizon: Horizon): string {
  const over = horizon === 'month' ? 'for more than 30 days' : 'for more than a year';
  const share = coverageShare(coverage, horizon);
  if (share === null) {
    const sessions = coverage?.sessions ?? 0;
    return (
      `The graph's coverage is not measured yet (${sessions} of the ${COVERAGE_MIN_SESSIONS} Verify ` +
      `sessions with an email or phone it needs in the last ${COVERAGE_WINDOW_DAYS} days), so absence says little`
    );
  }
  const known = horizon === 'month' ? (coverage?.knownMonth ?? 0) : (coverage?.knownYear ?? 0);
  const verdict =
    share < COVERAGE_PARTIAL
      ? 'so absence says little'
      : share < COVERAGE_FULL
        ? 'so absence says something'
        : 'so absence is informative';
  return (
    `The graph had known ${percent(share)} of the emails and phones verified in the last ` +
    `${COVERAGE_WINDOW_DAYS} days ${over} (${known} of ${coverage?.asked ?? 0}), ${verdict}`
  );
}

/**
 * Lowers each absence state's level by the coverage of its horizon: none below COVERAGE_PARTIAL
 * (or under the session floor), one level below COVERAGE_FULL, the level as given at or above it.
 * Runs after the workspace's risk policy, so a policy sets what full coverage weighs.
 */
export function weighAbsence(checks: readonly Check[], coverage: GraphCoverage | null): Check[] {
  // No footprint already says that no email was ever seen: the same absence counts once.
  const noFootprint = checks.some((c) => c.id === 'DIGITAL_NO_DIGITAL_FOOTPRINT' && c.state === 'TRUE');
  return checks.map((check) => {
    if (noFootprint && check.id === 'EMAIL_NEVER_SEEN' && check.state === 'TRUE') {
      const note = check.risk === 'NONE' ? '' : ` Weighed at NONE, not ${check.risk}.`;
      return {
        ...check,
        risk: 'NONE',
        description: `${check.description} Counted once, by DIGITAL_NO_DIGITAL_FOOTPRINT.${note}`,
      };
    }
    const horizon = absenceHorizon(check);
    if (horizon === null) return check;
    const discount = absenceDiscount(coverage, horizon);
    const risk = lower(check.risk, discount);
    const weighed =
      risk === check.risk ? '' : ` Weighed ${risk === 'NONE' ? 'at NONE' : `at ${risk}`}, not ${check.risk}.`;
    return {
      ...check,
      risk,
      description: `${check.description} ${coverageEvidence(coverage, horizon)}.${weighed}`,
    };
  });
}
