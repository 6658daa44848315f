// The Digital package's social profile checks, over the profiles linked to the resolved identity
// (profile records: service, creation date, country).
import type { SocialProfileFacts } from '../graph/facts';
import type { Check, ProfileInput } from '../types';
import { makeCheck } from './make-check';
import { isoDay, span, YEAR_MS } from './time-spans';

type AgeState = 'NEW' | 'RECENT' | 'OLDER';

/** NEW under a year, RECENT one to five years, OLDER five years or more (docs/checks.md). */
function ageState(ageMs: number): AgeState {
  return ageMs < YEAR_MS ? 'NEW' : ageMs < 5 * YEAR_MS ? 'RECENT' : 'OLDER';
}

const services = (profiles: readonly SocialProfileFacts[]) => profiles.map((p) => p.service).join(', ');

/** The request's own profiles, e.g. "one social profile (github)". */
function carriedText(carried: readonly ProfileInput[]): string {
  const count = carried.length === 1 ? 'one social profile' : `${carried.length} social profiles`;
  return `${count} (${carried.map((p) => p.service ?? 'service not stated').join(', ')})`;
}

/** FALSE when the graph links a profile to the identity or the request carries one itself. */
export function noProfiles(
  profiles: readonly SocialProfileFacts[],
  carried: readonly ProfileInput[] = [],
): Check {
  if (profiles.length === 0 && carried.length === 0) {
    return makeCheck(
      'DIGITAL_NO_SOCIAL_NETWORK_PROFILES',
      'TRUE',
      'No social profile is linked to this identity in the identity graph.',
    );
  }
  const count = profiles.length === 1 ? 'One social profile is' : `${profiles.length} social profiles are`;
  const linked = profiles.length > 0 ? `${count} linked to this identity: ${services(profiles)}.` : '';
  const own = carried.length > 0 ? `The request carries ${carriedText(carried)}.` : '';
  return makeCheck('DIGITAL_NO_SOCIAL_NETWORK_PROFILES', 'FALSE', [own, linked].filter(Boolean).join(' '));
}

interface Dated {
  service: string;
  createdAtMs: number;
}

function datedProfiles(profiles: readonly SocialProfileFacts[]): Dated[] {
  return profiles.flatMap((p) =>
    p.createdAtMs === null ? [] : [{ service: p.service, createdAtMs: p.createdAtMs }],
  );
}

const UNDATED = 'No social profile with a known creation date is linked to this identity.';

function socialAge(dated: readonly Dated[], nowMs: number): Check {
  const oldest = dated.reduce<Dated | undefined>(
    (best, p) => (best === undefined || p.createdAtMs < best.createdAtMs ? p : best),
    undefined,
  );
  if (oldest === undefined) return makeCheck('DIGITAL_SOCIAL_AGE', 'NONE', UNDATED);
  const age = nowMs - oldest.createdAtMs;
  return makeCheck(
    'DIGITAL_SOCIAL_AGE',
    ageState(age),
    `The oldest linked social profile (${oldest.service}) was created on ${isoDay(oldest.createdAtMs)}, ` +
      `${span(age)} ago.`,
  );
}

function averageAge(dated: readonly Dated[], nowMs: number): Check {
  if (dated.length === 0) return makeCheck('DIGITAL_SOCIAL_NETWORK_AVG_AGE', 'NONE', UNDATED);
  const mean = dated.reduce((sum, p) => sum + (nowMs - p.createdAtMs), 0) / dated.length;
  const of =
    dated.length === 1 ? 'The one dated social profile is' : `The ${dated.length} dated social profiles are`;
  return makeCheck(
    'DIGITAL_SOCIAL_NETWORK_AVG_AGE',
    ageState(mean),
    `${of} ${(mean / YEAR_MS).toFixed(1)} years old on average (created ${dated.map((p) => isoDay(p.createdAtMs)).join(', ')}).`,
  );
}

/** TRUE when every profile that states a country is outside the US. */
function nonUs(profiles: readonly SocialProfileFacts[]): Check {
  const countries = profiles.flatMap((p) => (p.country === null ? [] : [p.country]));
  if (countries.length === 0) {
    return makeCheck(
      'DIGITAL_SOCIAL_NETWORK_NON_US',
      'NONE',
      profiles.length === 0
        ? 'No social profile is linked to this identity.'
        : 'No linked social profile states a country.',
    );
  }
  const us = countries.filter((c) => c === 'US').length;
  const listed = [...new Set(countries)].join(', ');
  if (us === 0) {
    return makeCheck(
      'DIGITAL_SOCIAL_NETWORK_NON_US',
      'TRUE',
      `Every linked social profile that states a country is outside the US (${listed}).`,
    );
  }
  return makeCheck(
    'DIGITAL_SOCIAL_NETWORK_NON_US',
    'FALSE',
    `${us} of ${countries.length} linked social profiles stating a country are in the US (${listed}).`,
  );
}

export function socialChecks(
  profiles: readonly SocialProfileFacts[],
  now: Date,
  carried: readonly ProfileInput[] = [],
): Check[] {
  const dated = datedProfiles(profiles);
  const nowMs = now.getTime();
  return [noProfiles(profiles, carried), socialAge(dated, nowMs), averageAge(dated, nowMs), nonUs(profiles)];
}
