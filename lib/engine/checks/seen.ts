// First and last sightings of an email or phone in the identity graph (EMAIL_/PHONE_FIRST_SEEN,
// _LAST_SEEN, EMAIL_NEVER_SEEN). Records (breaches, carrier facts) are not sightings.
import type { SeenFacts } from '../graph/facts';
import type { CheckState } from './catalog';
import type { Finding } from './findings';
import { stateRisk } from './make-check';
import { dated, isoDay, MONTH_MS, YEAR_MS } from './time-spans';

type FirstSeenId = 'EMAIL_FIRST_SEEN' | 'PHONE_FIRST_SEEN';
type LastSeenId = 'EMAIL_LAST_SEEN' | 'PHONE_LAST_SEEN';

export const NEVER_SEEN = 'Never seen: the identity graph holds no observation of it';

/** NEW under 30 days, RECENT under a year, OLDER up to five years, LONG_AGO beyond. */
export function firstSeenFinding(
  id: FirstSeenId,
  seen: SeenFacts | null,
  nowMs: number,
): Finding<CheckState<FirstSeenId>> {
  if (seen === null) return { state: 'UNKNOWN', risk: stateRisk(id, 'UNKNOWN'), detail: NEVER_SEEN };
  const age = nowMs - seen.firstSeenMs;
  const state = age < MONTH_MS ? 'NEW' : age < YEAR_MS ? 'RECENT' : age <= 5 * YEAR_MS ? 'OLDER' : 'LONG_AGO';
  return { state, risk: stateRisk(id, state), detail: `First seen on ${dated(seen.firstSeenMs, nowMs)}` };
}

/** RECENT within a year, OLDER up to five years, LONG_AGO beyond. */
export function lastSeenFinding(
  id: LastSeenId,
  seen: SeenFacts | null,
  nowMs: number,
): Finding<CheckState<LastSeenId>> {
  if (seen === null) return { state: 'UNKNOWN', risk: stateRisk(id, 'UNKNOWN'), detail: NEVER_SEEN };
  const age = nowMs - seen.lastSeenMs;
  const state = age < YEAR_MS ? 'RECENT' : age <= 5 * YEAR_MS ? 'OLDER' : 'LONG_AGO';
  return { state, risk: stateRisk(id, state), detail: `Last seen on ${dated(seen.lastSeenMs, nowMs)}` };
}

export function neverSeenFinding(seen: SeenFacts | null): Finding<CheckState<'EMAIL_NEVER_SEEN'>> {
  if (seen === null) {
    return { state: 'TRUE', risk: stateRisk('EMAIL_NEVER_SEEN', 'TRUE'), detail: NEVER_SEEN };
  }
  const times = seen.observations === 1 ? 'once' : `${seen.observations} times`;
  return {
    state: 'FALSE',
    risk: stateRisk('EMAIL_NEVER_SEEN', 'FALSE'),
    detail: `Seen ${times} since ${isoDay(seen.firstSeenMs)}`,
  };
}
