// runChecks over a request with every identifier and rich graph facts: only catalog states,
// names and risks, every check once; and the name forms the graph compares names by.
import { describe, expect, it } from 'vitest';
import { CHECK_CATALOG, CHECK_IDS, runChecks } from '@/lib/engine/checks';
import type { CheckSpec } from '@/lib/engine/checks/catalog';
import { nameForms } from '@/lib/engine/graph/name-forms';
import { outcome } from './support/find-check';
import {
  daysAgo,
  person,
  phoneFacts,
  profile,
  record,
  seen,
  withGraph,
  yearsAgo,
} from './support/graph-facts';
import { cleartextEmail, location, name, normalizedRequest, phone } from './support/normalized-request';

const catalog: Readonly<Record<string, CheckSpec>> = CHECK_CATALOG;

const full = normalizedRequest({
  emails: [cleartextEmail('jane.doe@acme.com'), cleartextEmail('x7k9q2m4@mailinator.com')],
  phones: [phone('+14152345678'), phone('+14155550123')],
  ssn: { kind: 'full', digits: '219099999' },
  name: name('Jane', 'Doe'),
  location: location({ addressLine1: '1 Main St', city: 'Springfield', countryCode: 'US' }),
  ipAddress: { address: '10.0.0.1', version: 4 },
  birthday: '2004-04-01',
});

const rich = withGraph({
  emails: [seen(yearsAgo(7), daysAgo(3), 40), null],
  phones: [
    phoneFacts(
      [record(yearsAgo(2), 'VOIP', 'A'), record(daysAgo(4), 'PREPAID', 'B', 'both')],
      seen(daysAgo(9)),
    ),
    phoneFacts(),
  ],
  breaches: [{ breach: 'Leak', breachedAtMs: daysAgo(3) }],
  person: person({
    identifiers: 5,
    observedIdentifiers: 2,
    oldestSighting: { ms: yearsAgo(12), kind: 'email' },
    profiles: [profile(daysAgo(100), 'GB')],
  }),
  connectivity: { hub: true, maxLinkCount: 40, linkLimit: 25 },
  address: { known: true, names: 2, inputNameLinked: false },
  ssn: { names: 3, inputNameLinked: true, persons: 2 },
});

describe('runChecks with graph facts', () => {
  it('returns every catalog check once, in catalog states with catalog names and risks', () => {
    const checks = runChecks(full, rich);
    expect(checks.map((c) => c.id).sort()).toEqual([...CHECK_IDS].sort());
    for (const check of checks) {
      const entry = catalog[check.id];
      const state = entry?.states[check.state];
      expect(state, `${check.id} ${check.state}`).toBeDefined();
      expect(check.name).toBe(entry?.name);
      const awaiting =
        check.state === 'UNKNOWN' && check.description.startsWith('Awaiting ') && !state?.pinned;
      expect(check.risk, check.id).toBe(awaiting ? 'NONE' : state?.risk);
    }
  });

  it('reaches the risky state of every graph check', () => {
    const checks = runChecks(full, rich);
    const expected: [string, string, string][] = [
      ['BREACHED_IDENTITY_COMPROMISED', 'HIGH', 'HIGH'],
      ['DIGITAL_EXCESSIVE_CONNECTIVITY', 'TRUE', 'MED'],
      ['DIGITAL_NO_DIGITAL_FOOTPRINT', 'FALSE', 'NONE'],
      ['DIGITAL_SOCIAL_AGE', 'NEW', 'MED'],
      ['DIGITAL_SOCIAL_NETWORK_NON_US', 'TRUE', 'LOW'],
      ['EMAIL_NEVER_SEEN', 'TRUE', 'MED'],
      ['EMAIL_FIRST_SEEN', 'LONG_AGO', 'NONE'],
      ['PHONE_DNO_VOICE', 'TRUE', 'HIGH'],
      ['PHONE_PORT', 'RECENT', 'HIGH'],
      ['PHONE_PREV_TYPE', 'VOIP', 'MED'],
      ['PHONE_TYPE', 'PREPAID', 'LOW'],
      ['PHONE_FIRST_SEEN', 'NEW', 'HIGH'],
      ['SYNTHETIC_AGE_MISMATCH', 'MISMATCH', 'HIGH'],
      ['SYNTHETIC_NAME_ADDRESS_NO_MATCH', 'TRUE', 'MED'],
      ['SYNTHETIC_SSN_SHARED', 'TRUE', 'HIGH'],
    ];
    for (const [id, state, risk] of expected) expect(outcome(checks, id), id).toEqual({ state, risk });
  });
});

describe('nameForms', () => {
  it('keys a name by given and family, both orders, ignoring case, spacing and the middle name', () => {
    expect(nameForms(name(' Mary  Ann ', 'LEE', 'Q'))).toEqual(['mary ann|lee', 'lee|mary ann']);
    expect(nameForms(name('Jane', null))).toEqual(['jane|', '|jane']);
    expect(nameForms(name('Al', 'Al'))).toEqual(['al|al']);
    expect(nameForms(null)).toEqual([]);
    expect(nameForms(name(null, ' '))).toEqual([]);
  });
});
