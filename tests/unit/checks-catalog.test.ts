import { describe, expect, it } from 'vitest';
import { CHECK_CATALOG, CHECK_IDS, type CheckSpec } from '@/lib/engine/checks/catalog';
import type { CheckPackage } from '@/lib/engine/types';

// The 37 core checks of the API (docs/api/operations.md): id -> package.
const SPEC_TABLE: Record<string, CheckPackage> = {
  BREACHED_IDENTITY_COMPROMISED: 'Breached',
  DIGITAL_EXCESSIVE_CONNECTIVITY: 'Digital',
  DIGITAL_SOCIAL_AGE: 'Digital',
  DIGITAL_NO_DIGITAL_FOOTPRINT: 'Digital',
  DIGITAL_NO_SOCIAL_NETWORK_PROFILES: 'Digital',
  DIGITAL_SOCIAL_NETWORK_AVG_AGE: 'Digital',
  DIGITAL_SOCIAL_NETWORK_NON_US: 'Digital',
  EMAIL_DELIVERABILITY: 'Email',
  EMAIL_FIRST_SEEN: 'Email',
  EMAIL_INVALID: 'Email',
  EMAIL_LAST_SEEN: 'Email',
  EMAIL_NEVER_SEEN: 'Email',
  EMAIL_NO_MX_RECORD: 'Email',
  EMAIL_TYPE: 'Email',
  EMAIL_USER_PORTION: 'Email',
  IDENTITY_CA_SANCTION_LIST: 'Identity',
  IDENTITY_EU_SANCTION_LIST: 'Identity',
  IDENTITY_OFAC_LIST: 'Identity',
  IDENTITY_UK_SANCTION_LIST: 'Identity',
  IDENTITY_UN_SANCTION_LIST: 'Identity',
  IP_GEOLOCATION_MISMATCH: 'IP Address',
  IP_TYPE: 'IP Address',
  LOCATION_ADDRESS_INVALID: 'Location',
  LOCATION_ADDRESS_IS_BUSINESS: 'Location',
  LOCATION_COUNTRY_RISK: 'Location',
  PHONE_DNO_TEXT: 'Phone',
  PHONE_DNO_VOICE: 'Phone',
  PHONE_FIRST_SEEN: 'Phone',
  PHONE_FORMAT_INVALID: 'Phone',
  PHONE_LAST_SEEN: 'Phone',
  PHONE_LOCATION_MISMATCH: 'Phone',
  PHONE_PORT: 'Phone',
  PHONE_PREV_TYPE: 'Phone',
  PHONE_TYPE: 'Phone',
  SYNTHETIC_AGE_MISMATCH: 'Synthetic Identity',
  SYNTHETIC_EMAIL_MISMATCH: 'Synthetic Identity',
  SYNTHETIC_NAME_ADDRESS_NO_MATCH: 'Synthetic Identity',
};

// The twelve checks beyond the core ones, each in the package it fits (docs/api/operations.md).
const EXTRA_TABLE: Record<string, CheckPackage> = {
  DIGITAL_CONTACT_CHANGE: 'Digital',
  VELOCITY_ADDRESS: 'Synthetic Identity',
  VELOCITY_EMAIL: 'Synthetic Identity',
  VELOCITY_IP: 'Synthetic Identity',
  VELOCITY_PHONE: 'Synthetic Identity',
  VELOCITY_SSN: 'Synthetic Identity',
  SYNTHETIC_SESSION_CONFLICT: 'Synthetic Identity',
  SYNTHETIC_SSN_BEFORE_BIRTH: 'Synthetic Identity',
  SYNTHETIC_SSN_INVALID: 'Synthetic Identity',
  SYNTHETIC_SSN_ISSUE_DATE: 'Synthetic Identity',
  SYNTHETIC_SSN_SHARED: 'Synthetic Identity',
  WORKSPACE_LIST: 'Identity',
};

// Pinned states: their risk is part of the API's contract (docs/api/operations.md).
const PINNED: [string, string, string][] = [
  ['BREACHED_IDENTITY_COMPROMISED', 'MED', 'MED'],
  ['EMAIL_LAST_SEEN', 'RECENT', 'LOW'],
  ['EMAIL_TYPE', 'BUSINESS', 'MED'],
  ['IDENTITY_OFAC_LIST', 'IDENTITY_NAME_LOC', 'HIGH'],
  ['LOCATION_ADDRESS_IS_BUSINESS', 'UNKNOWN', 'LOW'],
  ['LOCATION_COUNTRY_RISK', 'LOW', 'LOW'],
];

// States the spec observed without a risk: they must exist in the vocabulary.
const OBSERVED: [string, string][] = [
  ['DIGITAL_EXCESSIVE_CONNECTIVITY', 'FALSE'],
  ['DIGITAL_SOCIAL_AGE', 'OLDER'],
  ['DIGITAL_NO_DIGITAL_FOOTPRINT', 'FALSE'],
  ['DIGITAL_NO_SOCIAL_NETWORK_PROFILES', 'FALSE'],
  ['DIGITAL_SOCIAL_NETWORK_AVG_AGE', 'OLDER'],
  ['DIGITAL_SOCIAL_NETWORK_NON_US', 'FALSE'],
  ['EMAIL_DELIVERABILITY', 'TRUE'],
  ['EMAIL_FIRST_SEEN', 'LONG_AGO'],
  ['EMAIL_INVALID', 'FALSE'],
  ['EMAIL_NEVER_SEEN', 'FALSE'],
  ['EMAIL_NO_MX_RECORD', 'FALSE'],
  ['EMAIL_USER_PORTION', 'NAME_BASED'],
  ['IDENTITY_CA_SANCTION_LIST', 'NO_MATCH'],
  ['IDENTITY_EU_SANCTION_LIST', 'NO_MATCH'],
  ['IDENTITY_OFAC_LIST', 'NO_MATCH'],
  ['IDENTITY_UK_SANCTION_LIST', 'NO_MATCH'],
  ['IDENTITY_UN_SANCTION_LIST', 'NO_MATCH'],
  ['IP_GEOLOCATION_MISMATCH', 'UNKNOWN'],
  ['IP_TYPE', 'NONE'],
  ['LOCATION_ADDRESS_INVALID', 'NONE'],
  ['PHONE_DNO_TEXT', 'NONE'],
  ['PHONE_DNO_VOICE', 'NONE'],
  ['PHONE_FIRST_SEEN', 'NONE'],
  ['PHONE_FORMAT_INVALID', 'NONE'],
  ['PHONE_LAST_SEEN', 'NONE'],
  ['PHONE_LOCATION_MISMATCH', 'UNKNOWN'],
  ['PHONE_PORT', 'UNKNOWN'],
  ['PHONE_PREV_TYPE', 'NONE'],
  ['PHONE_TYPE', 'NONE'],
  ['SYNTHETIC_AGE_MISMATCH', 'UNKNOWN'],
  ['SYNTHETIC_EMAIL_MISMATCH', 'MATCHED'],
  ['SYNTHETIC_NAME_ADDRESS_NO_MATCH', 'NONE'],
];

const catalog: Readonly<Record<string, CheckSpec>> = CHECK_CATALOG;

const spec = (id: string): CheckSpec => {
  const entry = catalog[id];
  if (entry === undefined) throw new Error(`catalog lacks ${id}`);
  return entry;
};

describe('check catalog', () => {
  it('holds exactly the 37 ids of the spec table plus the extras, each in its package', () => {
    const table = { ...SPEC_TABLE, ...EXTRA_TABLE };
    expect(Object.keys(SPEC_TABLE)).toHaveLength(37);
    expect([...CHECK_IDS].sort()).toEqual(Object.keys(table).sort());
    for (const [id, checkPackage] of Object.entries(table)) {
      expect(spec(id).checkPackage, id).toBe(checkPackage);
    }
  });

  it('gives every check a name and every state a meaning', () => {
    for (const id of CHECK_IDS) {
      expect(spec(id).name.length, id).toBeGreaterThan(3);
      for (const [state, { meaning }] of Object.entries(spec(id).states)) {
        expect(meaning.length, `${id} ${state}`).toBeGreaterThan(5);
      }
    }
  });

  it.each(PINNED)('keeps the spec risk of %s %s (%s)', (id, state, risk) => {
    expect(spec(id).states[state]).toMatchObject({ risk, pinned: true });
  });

  it.each(OBSERVED)('has the observed state %s %s', (id, state) => {
    expect(spec(id).states[state]).toBeDefined();
  });

  // The overall-risk rule (docs/risk.md): an unpinned state with a weight of its own shows the level its
  // weight falls in (RANDOM, VPN, TOLL_FREE, PREPAID and MISMATCH moved with their weights); the
  // others keep the documented defaults.
  it('uses the documented default risks for the states the engine reaches now', () => {
    const risks = (id: string) =>
      Object.fromEntries(Object.entries(spec(id).states).map(([state, { risk }]) => [state, risk]));
    expect(risks('EMAIL_TYPE')).toMatchObject({
      FREE: 'LOW',
      BUSINESS: 'MED',
      DISPOSABLE: 'HIGH',
      EDUCATION: 'NONE',
      GOVERNMENT: 'NONE',
    });
    expect(risks('EMAIL_USER_PORTION')).toMatchObject({
      NAME_BASED: 'NONE',
      ROLE: 'LOW',
      NUMERIC: 'MED',
      RANDOM: 'MED',
      OTHER: 'LOW',
    });
    expect(risks('IP_TYPE')).toMatchObject({
      TOR: 'HIGH',
      VPN: 'LOW',
      DATA_CENTER: 'MED',
      PRIVATE: 'MED',
      // No information either way: weight 0, so NONE (an unpinned level follows its weight).
      UNKNOWN: 'NONE',
    });
    expect(risks('PHONE_TYPE')).toMatchObject({
      MOBILE: 'NONE',
      LANDLINE: 'NONE',
      VOIP: 'MED',
      TOLL_FREE: 'HIGH',
      PREPAID: 'LOW',
      UNKNOWN: 'NONE',
    });
    expect(risks('LOCATION_COUNTRY_RISK')).toEqual({ HIGH: 'HIGH', MED: 'MED', LOW: 'LOW', NONE: 'NONE' });
    expect(risks('SYNTHETIC_EMAIL_MISMATCH')).toEqual({ MATCHED: 'NONE', MISMATCH: 'LOW', UNKNOWN: 'NONE' });
    expect(risks('EMAIL_INVALID')).toEqual({ TRUE: 'HIGH', FALSE: 'NONE', NONE: 'NONE' });
    expect(risks('PHONE_FORMAT_INVALID')).toEqual({ TRUE: 'HIGH', FALSE: 'NONE', NONE: 'NONE' });
    expect(risks('SYNTHETIC_SSN_INVALID')).toEqual({
      TRUE: 'HIGH',
      ITIN: 'MED',
      FALSE: 'NONE',
      NONE: 'NONE',
    });
  });
});
