import { describe, expect, it } from 'vitest';
import {
  FATF_CALL_FOR_ACTION,
  FATF_INCREASED_MONITORING,
  FATF_PUBLISHED,
} from '@/lib/engine/checks/fatf-lists';
import { locationChecks } from '@/lib/engine/checks/location';
import type { LocationInput } from '@/lib/engine/types';
import { findCheck, outcome } from './support/find-check';
import { ctx, location, normalizedRequest } from './support/normalized-request';

const run = (place: LocationInput | null) => locationChecks(normalizedRequest({ location: place }), ctx);

describe('Location package without an address', () => {
  // Issue 9, finding 7: no street, nothing to judge: NONE, not the pinned UNKNOWN [LOW].
  it('answers NONE for every check with no location', () => {
    const checks = run(null);
    expect(checks.map((c) => c.id).sort()).toEqual([
      'LOCATION_ADDRESS_INVALID',
      'LOCATION_ADDRESS_IS_BUSINESS',
      'LOCATION_COUNTRY_RISK',
    ]);
    expect(outcome(checks, 'LOCATION_ADDRESS_INVALID')).toEqual({ state: 'NONE', risk: 'NONE' });
    expect(outcome(checks, 'LOCATION_ADDRESS_IS_BUSINESS')).toEqual({ state: 'NONE', risk: 'NONE' });
    expect(outcome(checks, 'LOCATION_COUNTRY_RISK')).toEqual({ state: 'NONE', risk: 'NONE' });
    expect(findCheck(checks, 'LOCATION_ADDRESS_INVALID').description).toBe('No location was provided.');
    expect(findCheck(checks, 'LOCATION_COUNTRY_RISK').description).toBe('No country was provided.');
  });

  it('says the street address is missing when only a country was sent', () => {
    const checks = run(location({ countryCode: 'US' }));
    expect(findCheck(checks, 'LOCATION_ADDRESS_INVALID').description).toBe('No street address was provided.');
    expect(outcome(checks, 'LOCATION_COUNTRY_RISK')).toEqual({ state: 'LOW', risk: 'LOW' });
  });
});

describe('Location package with a street address', () => {
  it('lets LOCATION_ADDRESS_INVALID await the ZIP data (all states: checks-location-geo)', () => {
    const checks = run(location({ addressLine1: '1 Main St', city: 'Springfield', countryCode: 'US' }));
    expect(outcome(checks, 'LOCATION_ADDRESS_INVALID')).toEqual({ state: 'UNKNOWN', risk: 'NONE' });
    // No business or residential marker: the spec pins UNKNOWN to LOW.
    expect(outcome(checks, 'LOCATION_ADDRESS_IS_BUSINESS')).toEqual({ state: 'UNKNOWN', risk: 'LOW' });
    expect(findCheck(checks, 'LOCATION_ADDRESS_INVALID').description).toMatch(/^Awaiting the postal address/);
  });
});

describe('LOCATION_COUNTRY_RISK', () => {
  it.each([
    ['KP', 'HIGH'],
    ['IR', 'HIGH'],
    ['MM', 'HIGH'],
    ['SY', 'MED'],
    ['VG', 'MED'],
    ['KW', 'MED'],
    ['BA', 'MED'],
    ['IQ', 'MED'],
    ['US', 'LOW'],
    ['FR', 'LOW'],
    ['NG', 'LOW'],
    ['DZ', 'LOW'],
    ['NA', 'LOW'],
  ])('%s is %s', (countryCode, level) => {
    expect(outcome(run(location({ countryCode })), 'LOCATION_COUNTRY_RISK')).toEqual({
      state: level,
      risk: level,
    });
  });

  it('names the country and the edition of the lists', () => {
    const description = findCheck(run(location({ countryCode: 'IR' })), 'LOCATION_COUNTRY_RISK').description;
    expect(description).toBe(
      `Iran (IR) is a high-risk jurisdiction subject to a call for action in the FATF lists of ${FATF_PUBLISHED}.`,
    );
  });

  it('is NONE when a location carries no country', () => {
    expect(outcome(run(location({ city: 'Paris' })), 'LOCATION_COUNTRY_RISK')).toEqual({
      state: 'NONE',
      risk: 'NONE',
    });
  });

  it('keeps the two FATF lists apart and in alpha-2 codes', () => {
    const black = Object.keys(FATF_CALL_FOR_ACTION);
    const grey = Object.keys(FATF_INCREASED_MONITORING);
    expect(black.sort()).toEqual(['IR', 'KP', 'MM']);
    expect(grey).toHaveLength(22);
    for (const code of [...black, ...grey]) expect(code).toMatch(/^[A-Z]{2}$/);
    expect(grey.filter((code) => black.includes(code))).toEqual([]);
  });
});
