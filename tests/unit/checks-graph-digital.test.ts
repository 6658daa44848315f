// The Digital package from hand-built graph facts.
import { describe, expect, it } from 'vitest';
import { digitalChecks } from '@/lib/engine/checks/digital';
import type { GraphFacts } from '@/lib/engine/graph/facts';
import type { ProfileInput } from '@/lib/engine/types';
import { findCheck, outcome } from './support/find-check';
import { daysAgo, person, phoneFacts, profile, seen, withGraph, yearsAgo } from './support/graph-facts';
import { cleartextEmail, normalizedRequest } from './support/normalized-request';

const withEmail = normalizedRequest({ emails: [cleartextEmail('jane@acme.com')] });
const run = (facts: Partial<GraphFacts>) => digitalChecks(withEmail, withGraph({ emails: [null], ...facts }));
const ipOnly = digitalChecks(
  normalizedRequest({ ipAddress: { address: '8.8.8.8', version: 4 } }),
  withGraph(),
);

describe('DIGITAL_EXCESSIVE_CONNECTIVITY', () => {
  it('is TRUE [MED] for a hub', () => {
    const checks = run({ connectivity: { hub: true, maxLinkCount: 30, linkLimit: 25 } });
    expect(outcome(checks, 'DIGITAL_EXCESSIVE_CONNECTIVITY')).toEqual({ state: 'TRUE', risk: 'MED' });
    expect(findCheck(checks, 'DIGITAL_EXCESSIVE_CONNECTIVITY').description).toBe(
      'An input identifier is linked to 30 other identifiers (emails, phones, SSNs or profiles), more than ' +
        'one person has (limit 25); the graph flags it as a hub and no longer merges through it.',
    );
  });

  it('is TRUE for a link count over the limit, FALSE at the limit', () => {
    const over = run({ connectivity: { hub: false, maxLinkCount: 26, linkLimit: 25 } });
    expect(outcome(over, 'DIGITAL_EXCESSIVE_CONNECTIVITY').state).toBe('TRUE');
    const at = run({ connectivity: { hub: false, maxLinkCount: 25, linkLimit: 25 } });
    expect(outcome(at, 'DIGITAL_EXCESSIVE_CONNECTIVITY')).toEqual({ state: 'FALSE', risk: 'NONE' });
    expect(findCheck(at, 'DIGITAL_EXCESSIVE_CONNECTIVITY').description).toBe(
      "The input identifiers are linked to at most 25 other identifiers (emails, phones, SSNs or profiles); one person's limit is 25.",
    );
  });

  it('says when nothing is linked at all', () => {
    expect(findCheck(run({}), 'DIGITAL_EXCESSIVE_CONNECTIVITY').description).toBe(
      "The input identifiers are linked to no other email, phone, SSN or profile; one person's limit is 25.",
    );
  });

  it('is NONE without an email, phone or profile', () => {
    expect(outcome(ipOnly, 'DIGITAL_EXCESSIVE_CONNECTIVITY').state).toBe('NONE');
  });
});

describe('DIGITAL_NO_DIGITAL_FOOTPRINT', () => {
  it('is TRUE [HIGH] when no input identifier is known and there is no identity', () => {
    const check = findCheck(run({}), 'DIGITAL_NO_DIGITAL_FOOTPRINT');
    expect(check).toMatchObject({ state: 'TRUE', risk: 'HIGH' });
    expect(check.description).toBe(
      'None of the input emails, phones or profiles is known to the identity graph.',
    );
  });

  it('is TRUE when the identity is known from records only', () => {
    const check = findCheck(
      run({ person: person({ identifiers: 3, observedIdentifiers: 0 }) }),
      'DIGITAL_NO_DIGITAL_FOOTPRINT',
    );
    expect(check).toMatchObject({ state: 'TRUE', risk: 'HIGH' });
    expect(check.description).toMatch(/knows 3 identifiers .* only from records/);
  });

  it('is FALSE [NONE] when an input email was seen or the identity was observed', () => {
    const seenEmail = run({
      emails: [seen(daysAgo(3))],
      person: person({ identifiers: 2, observedIdentifiers: 1 }),
    });
    expect(outcome(seenEmail, 'DIGITAL_NO_DIGITAL_FOOTPRINT')).toEqual({ state: 'FALSE', risk: 'NONE' });
    expect(findCheck(seenEmail, 'DIGITAL_NO_DIGITAL_FOOTPRINT').description).toBe(
      '1 of the 2 identifiers (emails, phones, SSNs or profiles) of this identity has been observed in activity.',
    );
    const viaPerson = run({ person: person({ identifiers: 4, observedIdentifiers: 2 }) });
    expect(outcome(viaPerson, 'DIGITAL_NO_DIGITAL_FOOTPRINT').state).toBe('FALSE');
    const viaPhone = run({
      phones: [phoneFacts([], seen(daysAgo(1)))],
      person: person({ observedIdentifiers: 0 }),
    });
    expect(outcome(viaPhone, 'DIGITAL_NO_DIGITAL_FOOTPRINT').state).toBe('FALSE');
  });

  it('is NONE without an email, phone or profile', () => {
    expect(outcome(ipOnly, 'DIGITAL_NO_DIGITAL_FOOTPRINT').state).toBe('NONE');
  });
});

describe('DIGITAL_NO_SOCIAL_NETWORK_PROFILES', () => {
  it('is TRUE [LOW] without a linked profile, also without an identity', () => {
    expect(outcome(run({}), 'DIGITAL_NO_SOCIAL_NETWORK_PROFILES')).toEqual({ state: 'TRUE', risk: 'LOW' });
    expect(outcome(run({ person: person() }), 'DIGITAL_NO_SOCIAL_NETWORK_PROFILES').state).toBe('TRUE');
  });

  it('is FALSE [NONE] with linked profiles, naming their services', () => {
    const checks = run({
      person: person({ profiles: [profile(null, null, 'github'), profile(null, null, 'social')] }),
    });
    expect(outcome(checks, 'DIGITAL_NO_SOCIAL_NETWORK_PROFILES')).toEqual({ state: 'FALSE', risk: 'NONE' });
    expect(findCheck(checks, 'DIGITAL_NO_SOCIAL_NETWORK_PROFILES').description).toBe(
      '2 social profiles are linked to this identity: github, social.',
    );
  });

  it('is NONE without an email, phone or profile', () => {
    expect(outcome(ipOnly, 'DIGITAL_NO_SOCIAL_NETWORK_PROFILES').state).toBe('NONE');
  });

  // Issue 9: the request's own profile is a social profile, whatever the graph knows of it.
  const github: ProfileInput = {
    service: 'github',
    url: null,
    username: 'jdoe',
    userid: null,
    followers: null,
    following: null,
    score: null,
    bio: null,
  };
  const withProfile = normalizedRequest({ emails: [cleartextEmail('jane@acme.com')], profiles: [github] });

  it('is FALSE [NONE] when the request carries a profile the graph does not know yet', () => {
    for (const facts of [withGraph({ emails: [null] }), withGraph({ emails: [null], person: person() })]) {
      const checks = digitalChecks(withProfile, facts);
      expect(outcome(checks, 'DIGITAL_NO_SOCIAL_NETWORK_PROFILES')).toEqual({ state: 'FALSE', risk: 'NONE' });
      expect(findCheck(checks, 'DIGITAL_NO_SOCIAL_NETWORK_PROFILES').description).toBe(
        'The request carries one social profile (github).',
      );
    }
  });

  it('is FALSE [NONE] from the request alone when the graph was not consulted', () => {
    const checks = digitalChecks(withProfile, { ...withGraph(), graph: null });
    expect(outcome(checks, 'DIGITAL_NO_SOCIAL_NETWORK_PROFILES')).toEqual({ state: 'FALSE', risk: 'NONE' });
  });
});

describe('DIGITAL_SOCIAL_AGE and DIGITAL_SOCIAL_NETWORK_AVG_AGE', () => {
  const withProfiles = (...profiles: ReturnType<typeof profile>[]) => run({ person: person({ profiles }) });

  it.each([
    ['NEW', 'MED', daysAgo(100)],
    ['RECENT', 'LOW', yearsAgo(1)],
    ['RECENT', 'LOW', yearsAgo(4.9)],
    ['OLDER', 'NONE', yearsAgo(5)],
  ])('a single profile is %s [%s] for both', (state, risk, createdAt) => {
    const checks = withProfiles(profile(createdAt));
    expect(outcome(checks, 'DIGITAL_SOCIAL_AGE')).toEqual({ state, risk });
    expect(outcome(checks, 'DIGITAL_SOCIAL_NETWORK_AVG_AGE')).toEqual({ state, risk });
  });

  it('dates the oldest profile, and averages all dated ones', () => {
    const checks = withProfiles(
      profile(Date.parse('2015-06-01T00:00:00Z'), 'US', 'github'),
      profile(daysAgo(30), 'US', 'social'),
      profile(daysAgo(60), 'US', 'video'),
      profile(null, 'US', 'photos'),
    );
    const age = findCheck(checks, 'DIGITAL_SOCIAL_AGE');
    expect(age).toMatchObject({ state: 'OLDER', risk: 'NONE' });
    expect(age.description).toBe(
      'The oldest linked social profile (github) was created on 2015-06-01, 11 years ago.',
    );
    const average = findCheck(checks, 'DIGITAL_SOCIAL_NETWORK_AVG_AGE');
    // (11.4 + 0.08 + 0.16) / 3 years: between one and five.
    expect(average).toMatchObject({ state: 'RECENT', risk: 'LOW' });
    expect(average.description).toMatch(
      /^The 3 dated social profiles are 3\.\d years old on average \(created 2015-06-01, /,
    );
  });

  it('are NONE without a dated profile', () => {
    for (const checks of [run({}), withProfiles(profile(null)), ipOnly]) {
      expect(outcome(checks, 'DIGITAL_SOCIAL_AGE')).toEqual({ state: 'NONE', risk: 'NONE' });
      expect(outcome(checks, 'DIGITAL_SOCIAL_NETWORK_AVG_AGE')).toEqual({ state: 'NONE', risk: 'NONE' });
    }
  });
});

describe('DIGITAL_SOCIAL_NETWORK_NON_US', () => {
  const countries = (...codes: (string | null)[]) =>
    run({ person: person({ profiles: codes.map((c) => profile(null, c)) }) });

  it('is TRUE [LOW] when every profile stating a country is outside the US', () => {
    const checks = countries('GB', 'DE', null);
    expect(outcome(checks, 'DIGITAL_SOCIAL_NETWORK_NON_US')).toEqual({ state: 'TRUE', risk: 'LOW' });
    expect(findCheck(checks, 'DIGITAL_SOCIAL_NETWORK_NON_US').description).toBe(
      'Every linked social profile that states a country is outside the US (GB, DE).',
    );
  });

  it('is FALSE [NONE] when one is in the US', () => {
    const checks = countries('GB', 'US');
    expect(outcome(checks, 'DIGITAL_SOCIAL_NETWORK_NON_US')).toEqual({ state: 'FALSE', risk: 'NONE' });
    expect(findCheck(checks, 'DIGITAL_SOCIAL_NETWORK_NON_US').description).toMatch(/^1 of 2 /);
  });

  it('is NONE without a profile stating a country', () => {
    expect(outcome(countries(null), 'DIGITAL_SOCIAL_NETWORK_NON_US')).toEqual({
      state: 'NONE',
      risk: 'NONE',
    });
    expect(outcome(run({}), 'DIGITAL_SOCIAL_NETWORK_NON_US').state).toBe('NONE');
    expect(outcome(ipOnly, 'DIGITAL_SOCIAL_NETWORK_NON_US').state).toBe('NONE');
  });
});
