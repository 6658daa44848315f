// LOCATION_ADDRESS_INVALID over the real zipcodes data and graph unit counts, and
// LOCATION_ADDRESS_IS_BUSINESS from the request's own evidence.
import { describe, expect, it } from 'vitest';
import { locationChecks } from '@/lib/engine/checks/location';
import { hasUnit, streetKey } from '@/lib/engine/geo/street-key';
import type { AddressFacts } from '@/lib/engine/graph/facts';
import { identifierKeys } from '@/lib/engine/graph/identifier-keys';
import type { Check, CheckContext, LocationInput } from '@/lib/engine/types';
import { zipPostalLookup } from '@/lib/services/reference/postal-zip';
import { findCheck } from './support/find-check';
import { graphFacts } from './support/graph-facts';
import { ctx, location, name, normalizedRequest } from './support/normalized-request';

const postal = zipPostalLookup();
const withPostal: CheckContext = { ...ctx, postal };

const checks = (
  place: LocationInput | null,
  context: CheckContext = withPostal,
  organization: string | null = null,
) => locationChecks(normalizedRequest({ location: place, organization }), context);
const invalid = (place: LocationInput | null, context?: CheckContext): Check =>
  findCheck(checks(place, context), 'LOCATION_ADDRESS_INVALID');
const business = (place: LocationInput, organization: string | null = null): Check =>
  findCheck(checks(place, withPostal, organization), 'LOCATION_ADDRESS_IS_BUSINESS');

const address = (overrides: Partial<LocationInput> = {}) =>
  location({
    addressLine1: '9336 Civic Center Dr',
    city: 'Beverly Hills',
    regionCode: 'CA',
    postalCode: '90210',
    countryCode: 'US',
    ...overrides,
  });

/** The context with the graph knowing `units` units at the input's street. */
const graphWithUnits = (units: number | undefined): CheckContext => {
  const facts: AddressFacts = { known: false, names: 0, inputNameLinked: false };
  return { ...withPostal, graph: graphFacts({ address: units === undefined ? facts : { ...facts, units } }) };
};

describe('LOCATION_ADDRESS_INVALID', () => {
  // Issue 9, finding 7: the ZIP data checks ZIP, state and city, never the street, so an address
  // they agree with is not shown valid (FALSE): UNKNOWN [NONE], saying what was checked.
  it('is UNKNOWN [NONE] when ZIP, state and city agree with the ZIP data: the street is not verified', () => {
    const check = invalid(address());
    expect(check).toMatchObject({ state: 'UNKNOWN', risk: 'NONE' });
    expect(check.description).toBe(
      `ZIP code 90210 is in Beverly Hills, CA; Beverly Hills is served in CA (${postal.source}); ` +
        'the identity graph was not consulted for units. The street itself was not checked: no ' +
        'street-level address data is loaded.',
    );
    expect(invalid(address({ city: 'ST. LOUIS', regionCode: 'MO', postalCode: '63101-1234' }))).toMatchObject(
      {
        state: 'UNKNOWN',
        risk: 'NONE',
      },
    );
  });

  it('is TRUE [HIGH] when the ZIP code does not exist', () => {
    const check = invalid(address({ postalCode: '00000' }));
    expect(check).toMatchObject({ state: 'TRUE', risk: 'HIGH' });
    expect(check.description).toBe(`ZIP code 00000 does not exist (${postal.source}).`);
  });

  it('is TRUE [HIGH] when the ZIP code lies in another state', () => {
    const check = invalid(address({ regionCode: 'NY' }));
    expect(check).toMatchObject({ state: 'TRUE', risk: 'HIGH' });
    expect(check.description).toBe(
      `ZIP code 90210 is in Beverly Hills, CA, not in New York (NY) as given (${postal.source}).`,
    );
  });

  it('is TRUE [HIGH] when no ZIP code of the state serves the city', () => {
    const check = invalid(address({ postalCode: null, city: 'Springfield' }));
    expect(check).toMatchObject({ state: 'TRUE', risk: 'HIGH' });
    expect(check.description).toBe(
      `No ZIP code of California (CA) serves a city named "Springfield" (${postal.source}).`,
    );
    // Without a state, the ZIP code's state is the one the city must be served in.
    const zipOnly = address({ regionCode: null, city: 'Chicago', countryCode: 'US' });
    expect(invalid(zipOnly)).toMatchObject({ state: 'TRUE', risk: 'HIGH' });
  });

  it('is TRUE [HIGH] for a region that is no US state', () => {
    const check = invalid(address({ regionCode: null, region: 'Ontario' }));
    expect(check).toMatchObject({ state: 'TRUE', risk: 'HIGH' });
    expect(check.description).toBe('"Ontario" is not a US state or territory.');
  });

  it('checks US territories and addresses without a country but with a US state', () => {
    const sanJuan = location({ addressLine1: '1 Calle Fortaleza', city: 'Adjuntas', postalCode: '00601' });
    const checked = /^ZIP code 00601 is in Adjuntas, PR/;
    expect(invalid({ ...sanJuan, countryCode: 'PR' }).description).toMatch(checked);
    expect(invalid({ ...sanJuan, countryCode: 'US', regionCode: 'PR' }).description).toMatch(checked);
    expect(invalid(address({ countryCode: null })).description).toMatch(
      /^ZIP code 90210 is in Beverly Hills/,
    );
    expect(invalid(address({ countryCode: null, postalCode: '10001' }))).toMatchObject({ state: 'TRUE' });
  });

  it('is MISSING_EXTENDED [LOW] when the graph knows units at the street and none is given', () => {
    const check = invalid(address(), graphWithUnits(3));
    expect(check).toMatchObject({ state: 'MISSING_EXTENDED', risk: 'LOW' });
    expect(check.description).toBe(
      'The identity graph knows 3 units at 9336 Civic Center Dr, but the address gives no unit (apartment, suite...).',
    );
    // A unit in line 2 or in line 1 settles it; so does a graph that knows none.
    expect(invalid(address({ addressLine2: 'Apt 4' }), graphWithUnits(undefined))).toMatchObject({
      state: 'UNKNOWN',
    });
    expect(invalid(address({ addressLine1: '9336 Civic Center Dr #4' }), graphWithUnits(3))).toMatchObject({
      state: 'UNKNOWN',
    });
    expect(invalid(address(), graphWithUnits(0))).toMatchObject({ state: 'UNKNOWN', risk: 'NONE' });
  });

  it('lets a wrong ZIP code outrank a missing unit, and a missing unit count outside the US', () => {
    expect(invalid(address({ postalCode: '00000' }), graphWithUnits(2))).toMatchObject({ state: 'TRUE' });
    const paris = location({ addressLine1: '5 Rue de Rivoli', city: 'Paris', countryCode: 'FR' });
    expect(invalid(paris, graphWithUnits(2))).toMatchObject({ state: 'MISSING_EXTENDED', risk: 'LOW' });
  });

  it('is UNKNOWN [NONE] outside the US: no postal reference data for the country', () => {
    const check = invalid(location({ addressLine1: '10 Downing St', city: 'London', countryCode: 'GB' }));
    expect(check).toMatchObject({ state: 'UNKNOWN', risk: 'NONE' });
    expect(check.description).toBe(
      'No postal reference data is loaded for United Kingdom (GB): only US ZIP codes can be checked, so the address was not.',
    );
    const nowhere = invalid(location({ addressLine1: '10 Main St', city: 'Springfield' }));
    expect(nowhere).toMatchObject({ state: 'UNKNOWN', risk: 'NONE' });
    expect(nowhere.description).toMatch(/^No country \(nor a US state\) was given/);
  });

  it('is UNKNOWN [NONE] for a US address with nothing to check', () => {
    const check = invalid(location({ addressLine1: '1 Main St', countryCode: 'US' }));
    expect(check).toMatchObject({ state: 'UNKNOWN', risk: 'NONE' });
    expect(check.description).toMatch(/neither a ZIP code nor a city with its state/);
  });

  it('awaits the ZIP data when it is not loaded', () => {
    const check = invalid(address(), ctx);
    expect(check).toMatchObject({ state: 'UNKNOWN', risk: 'NONE' });
    expect(check.description).toBe('Awaiting the postal address reference data.');
  });

  it('is NONE without a street address', () => {
    expect(invalid(null)).toMatchObject({ state: 'NONE', risk: 'NONE' });
    expect(invalid(location({ city: 'Beverly Hills', countryCode: 'US' }))).toMatchObject({ state: 'NONE' });
  });
});

describe('LOCATION_ADDRESS_IS_BUSINESS', () => {
  it('is TRUE [LOW] for an organization with a suite, floor or department', () => {
    const check = business(address({ addressLine2: 'Suite 400' }), 'Acme Corp');
    expect(check).toMatchObject({ state: 'TRUE', risk: 'LOW' });
    expect(check.description).toBe(
      'An organization (Acme Corp) was given and the address has "Suite 400", an office unit.',
    );
    expect(business(address({ addressLine1: '1 Market St Fl 12' }), 'Acme')).toMatchObject({ state: 'TRUE' });
    expect(business(address({ addressLine2: '12th Floor' }), 'Acme')).toMatchObject({ state: 'TRUE' });
    // "FL" without a number is the state of an address crammed into line 1, not a floor.
    expect(business(address({ addressLine1: '100 Main St, Miami, FL 33101' }), 'Acme')).toMatchObject({
      state: 'UNKNOWN',
      risk: 'LOW',
    });
  });

  it('is TRUE [LOW] when an address line names a company or the organization', () => {
    const check = business(address({ addressLine1: 'Globex LLC, 9336 Civic Center Dr' }));
    expect(check).toMatchObject({ state: 'TRUE', risk: 'LOW' });
    expect(check.description).toBe('The address line names a company ("LLC").');
    expect(business(address({ addressLine2: 'c/o Initech' }), 'Initech')).toMatchObject({ state: 'TRUE' });
  });

  it('is FALSE [NONE] for an apartment or trailer unit', () => {
    const check = business(address({ addressLine2: 'Apt 4B' }), 'Acme Corp');
    expect(check).toMatchObject({ state: 'FALSE', risk: 'NONE' });
    expect(check.description).toBe('"Apt 4B" is an apartment or trailer unit: a residential address.');
    expect(business(address({ addressLine1: '12 Oak Ln Trlr 7' }))).toMatchObject({ state: 'FALSE' });
  });

  it('is UNKNOWN [LOW] for a PO Box, a suite without an organization, or no marker at all', () => {
    const box = business(address({ addressLine1: 'PO Box 123' }), 'Acme Corp');
    expect(box).toMatchObject({ state: 'UNKNOWN', risk: 'LOW' });
    expect(box.description).toMatch(/^A PO Box or private mailbox/);
    const suite = business(address({ addressLine2: 'Ste 210' }));
    expect(suite).toMatchObject({ state: 'UNKNOWN', risk: 'LOW' });
    expect(suite.description).toMatch(/^"Ste 210" suggests an office, but no organization was given/);
    const plain = business(address());
    expect(plain).toMatchObject({ state: 'UNKNOWN', risk: 'LOW' });
    expect(plain.description).toMatch(/^The address has no apartment, suite, floor or company marker/);
    // A street called "Incline" is no company.
    expect(business(address({ addressLine1: '5 Incline Village Rd' }))).toMatchObject({ state: 'UNKNOWN' });
  });

  // Issue 9, finding 7: without a street there is nothing to judge, so NONE, not UNKNOWN [LOW].
  it('is NONE [NONE] without a street address', () => {
    for (const place of [null, location({ city: 'Beverly Hills', countryCode: 'US' })]) {
      const check = findCheck(checks(place), 'LOCATION_ADDRESS_IS_BUSINESS');
      expect(check).toMatchObject({ state: 'NONE', risk: 'NONE' });
      expect(check.description).toMatch(/^No (location|street address) was provided\.$/);
    }
  });
});

describe('street keys for the unit count', () => {
  it('finds a unit in line 2 or a designator in line 1, not in street words', () => {
    expect(hasUnit(address({ addressLine2: 'Unit 3' }))).toBe(true);
    expect(hasUnit(address({ addressLine1: '12 Main St Apt 3' }))).toBe(true);
    expect(hasUnit(address({ addressLine1: '12 Main St # 3' }))).toBe(true);
    expect(hasUnit(address({ addressLine1: '500 Suite Rd' }))).toBe(true);
    expect(hasUnit(address({ addressLine1: '12 United Ave' }))).toBe(false);
    expect(hasUnit(address({ addressLine1: '1 Apthorp Ln' }))).toBe(false);
  });

  it('matches how the graph stores an address: the stored key starts with line1| and shares city and ZIP', () => {
    const withUnit = address({
      addressLine1: '  9336  CIVIC Center Dr ',
      addressLine2: 'Apt 2',
      postalCode: '90210-1234',
    });
    const request = normalizedRequest({ name: name('Jane', 'Doe'), location: withUnit });
    const stored = identifierKeys(request, () => 'x').find((key) => key.kind === 'address')?.value ?? '';
    const street = streetKey({ ...withUnit, addressLine2: null });
    expect(street).toEqual({
      line1: '9336 civic center dr',
      city: 'beverly hills',
      postal: '90210',
      country: 'us',
    });
    const parts = stored.split('|');
    expect(stored.startsWith(`${street?.line1}|`)).toBe(true);
    expect(parts[1]).toBe('apt 2');
    expect(parts[2]).toBe(street?.city);
    expect(parts[4]?.slice(0, 5)).toBe(street?.postal);
    expect(parts[5]).toBe(street?.country);
    // No street to count at when the input names its own unit.
    expect(streetKey(withUnit)).toBeNull();
  });
});
