// How many distinct identities used one identifier (a hub: a phone, an IP address, a street
// address, an SSN or an email) in the calling workspace's own Verify traffic, over four windows.
// The services layer keeps the counts as the calls are written (lib/services/velocity.ts) and reads
// them before a call is recorded; the checks (lib/engine/checks/velocity.ts) only read them.

export const VELOCITY_HUB_KINDS = ['phone', 'ip', 'address', 'ssn', 'email'] as const;
export type VelocityHubKind = (typeof VELOCITY_HUB_KINDS)[number];

export const VELOCITY_WINDOWS = ['hour', 'day', 'week', 'month'] as const;
export type VelocityWindow = (typeof VELOCITY_WINDOWS)[number];

/** One hub of the request: its counts before this call. */
export interface HubVelocity {
  /**
   * Distinct identities first associated with the hub in each window (whole buckets: see
   * windows.ts), the applicant's own included when it was associated in that window.
   */
  identities: Readonly<Record<VelocityWindow, number>>;
  /**
   * The windows the applicant's own pairings are counted in, once per pairing: its identity's, and
   * a joined session's earlier ones under another identity (a first call without the name, then
   * the name). The checks leave them out.
   */
  own: readonly VelocityWindow[];
  /** Sessions of the most recent other identities, newest first, at most five. */
  recentSessions: readonly string[];
}

/** Per kind, one entry per identifier of that kind the request names (empty: none named). */
export type VelocityFacts = Readonly<Record<VelocityHubKind, readonly HubVelocity[]>>;

export const EMPTY_VELOCITY: VelocityFacts = { phone: [], ip: [], address: [], ssn: [], email: [] };

/** The other identities in each window: the applicant's own one left out where it is counted. */
export function otherIdentities(hub: HubVelocity): Record<VelocityWindow, number> {
  const others = (window: VelocityWindow) =>
    Math.max(0, hub.identities[window] - hub.own.filter((w) => w === window).length);
  return { hour: others('hour'), day: others('day'), week: others('week'), month: others('month') };
}
