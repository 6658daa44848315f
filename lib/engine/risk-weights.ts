// What each check's state weighs in the overall risk: a weight of evidence in log-odds (how much
// more, or less, often fraud shows the state than honest applicants do), and the facts whose
// states say the same thing and so count once. The figures and their sources: docs/risk.md.
import { CHECK_CATALOG, type CheckSpec, type StateSpec } from './checks/catalog';
import type { Check, RiskLevel } from './types';

/**
 * The weight of a level, for a state the catalog gives no weight of its own and for a level a
 * workspace's policy or the coverage rule sets: HIGH is a likelihood ratio of about 45 (e^3.8),
 * MED about 7, LOW 1.5, NONE 1 (no evidence either way).
 */
export const LEVEL_WEIGHTS: Readonly<Record<RiskLevel, number>> = { HIGH: 3.8, MED: 1.9, LOW: 0.4, NONE: 0 };

/** The lowest weight of each level: an unpinned state's level is the band its weight falls in. */
export const LEVEL_FLOORS: readonly (readonly [RiskLevel, number])[] = [
  ['HIGH', 3],
  ['MED', 1.5],
  ['LOW', 0.1],
];

export function levelForWeight(weight: number): RiskLevel {
  return LEVEL_FLOORS.find(([, floor]) => weight >= floor)?.[0] ?? 'NONE';
}

/**
 * Checks whose states are one fact about the applicant: within a fact only the strongest
 * evidence each way counts (the largest positive weight and the most negative one), so "never
 * seen", "no footprint" and "first seen this month" do not add up three times.
 */
export const FACTS: Readonly<Record<string, readonly string[]>> = {
  /** How long and how recently the graph has known the applicant's email and phone. */
  history: [
    'DIGITAL_CONTACT_CHANGE',
    'DIGITAL_NO_DIGITAL_FOOTPRINT',
    'DIGITAL_NO_SOCIAL_NETWORK_PROFILES',
    'EMAIL_FIRST_SEEN',
    'EMAIL_LAST_SEEN',
    'EMAIL_NEVER_SEEN',
    'PHONE_FIRST_SEEN',
    'PHONE_LAST_SEEN',
  ],
  /** Whether the local part looks made up, and whether it matches the name. */
  'email-local-part': ['EMAIL_USER_PORTION', 'SYNTHETIC_EMAIL_MISMATCH'],
  /** Whether mail can reach the address at all. */
  'email-deliverable': ['EMAIL_INVALID', 'EMAIL_NO_MX_RECORD', 'EMAIL_DELIVERABILITY'],
  /** Where the connection comes from: an anonymiser abroad is one fact, not two. */
  'ip-origin': ['IP_TYPE', 'IP_GEOLOCATION_MISMATCH'],
  /** One person listed on several sanctions lists is one hit. */
  sanctions: [
    'IDENTITY_OFAC_LIST',
    'IDENTITY_UN_SANCTION_LIST',
    'IDENTITY_EU_SANCTION_LIST',
    'IDENTITY_UK_SANCTION_LIST',
    'IDENTITY_CA_SANCTION_LIST',
  ],
  'ssn-issuance': ['SYNTHETIC_SSN_INVALID', 'SYNTHETIC_SSN_ISSUE_DATE'],
  'phone-line': ['PHONE_TYPE', 'PHONE_PREV_TYPE'],
  'phone-dno': ['PHONE_DNO_TEXT', 'PHONE_DNO_VOICE'],
  'social-age': ['DIGITAL_SOCIAL_AGE', 'DIGITAL_SOCIAL_NETWORK_AVG_AGE'],
};

const factOf: ReadonlyMap<string, string> = new Map(
  Object.entries(FACTS).flatMap(([fact, ids]) => ids.map((id) => [id, fact] as const)),
);

/** The fact a check's state speaks to: its group in FACTS, or the check alone. */
export const factOfCheck = (checkId: string): string => factOf.get(checkId) ?? checkId;

const catalog: Readonly<Record<string, CheckSpec>> = CHECK_CATALOG;

function catalogState(checkId: string, state: string): StateSpec | undefined {
  const states: Readonly<Record<string, StateSpec>> | undefined = catalog[checkId]?.states;
  return states?.[state];
}

/** The catalog's weight of a state: its own, or its default level's. */
export function defaultWeight(checkId: string, state: string): number | undefined {
  const spec = catalogState(checkId, state);
  return spec === undefined ? undefined : (spec.weight ?? LEVEL_WEIGHTS[spec.risk]);
}

/** Whether a state voids its fact's trust (StateSpec.voidsTrust). */
export const voidsTrust = (checkId: string, state: string): boolean =>
  catalogState(checkId, state)?.voidsTrust === true;

/** What a check weighs, from its (check, state) and level: checkWeight, or a policy's weights. */
export type WeightOf = (check: Pick<Check, 'id' | 'state' | 'risk'>) => number;

/**
 * What a check weighs: its state's weight while it stands at its catalog level; the weight of
 * the level it was given otherwise (a workspace's policy, the coverage rule for absence, a
 * source not loaded yet), so a lowered or raised level moves the score as far as it says.
 */
export function checkWeight(check: Pick<Check, 'id' | 'state' | 'risk'>): number {
  const spec = catalogState(check.id, check.state);
  if (spec !== undefined && spec.risk === check.risk) return spec.weight ?? LEVEL_WEIGHTS[spec.risk];
  return LEVEL_WEIGHTS[check.risk];
}
