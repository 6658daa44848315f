// IP_GEOLOCATION_MISMATCH over the real geoip-country database (country level) and over a
// city-level GeoLookup built from GeoIP2 City records (mmdbLocation), as a GeoLite2-City file gives.
import { describe, expect, it } from 'vitest';
import { ipAddressChecks } from '@/lib/engine/checks/ip-address';
import { mmdbLocation } from '@/lib/engine/geo/mmdb-record';
import type { GeoLookup } from '@/lib/engine/geo/types';
import type { LocationInput } from '@/lib/engine/types';
import { geoipCountryLookup } from '@/lib/services/reference/geo-sources';
import { findCheck } from './support/find-check';
import { ctx, location, normalizedRequest } from './support/normalized-request';

const countryDb = geoipCountryLookup();

/** GeoIP2 City records by address, read through the same parser as an MMDB file. */
function cityDb(records: Record<string, unknown>): GeoLookup {
  const source = 'GeoLite2-City database GeoLite2-City.mmdb, built 2026-10-01';
  return { source, locate: (ip) => mmdbLocation(records[ip] ?? null, source) };
}

const city = (country: string, subdivision: string, name: string) => ({
  country: { iso_code: country },
  subdivisions: [{ iso_code: subdivision }],
  city: { names: { en: name } },
});

const records = cityDb({
  '24.6.1.10': city('US', 'CA', 'San Francisco'),
  '24.6.1.20': city('US', 'NY', 'New York'),
  '24.6.1.30': city('US', 'PR', 'San Juan'),
  '24.6.1.40': { country: { iso_code: 'US' } },
  '24.6.2.7': city('CA', 'ON', 'Toronto'),
});

const run = (address: string | null, place: LocationInput | null, geo: GeoLookup | null = countryDb) =>
  findCheck(
    ipAddressChecks(
      normalizedRequest({
        ipAddress: address === null ? null : { address, version: address.includes(':') ? 6 : 4 },
        location: place,
      }),
      { ...ctx, geo },
    ),
    'IP_GEOLOCATION_MISMATCH',
  );

const us = (regionCode: string | null = null) => location({ countryCode: 'US', regionCode });

describe('IP_GEOLOCATION_MISMATCH with geoip-country', () => {
  it('is TRUE [MED] when the IP is in another country, naming both places and the database', () => {
    const check = run('81.2.69.142', us('CA'));
    expect(check).toMatchObject({ state: 'TRUE', risk: 'MED' });
    expect(check.description).toBe(
      `81.2.69.142 geolocates to United Kingdom (GB) (${countryDb.source}); the location given is in United States (US).`,
    );
  });

  it('is FALSE [NONE] in the same country; a country database cannot compare states', () => {
    const check = run('8.8.8.8', us('CA'));
    expect(check).toMatchObject({ state: 'FALSE', risk: 'NONE' });
    expect(check.description).toMatch(
      /United States \(US\) .*the database has no state or province for it\.$/,
    );
  });

  it('compares the country of a location given by name, and an IPv4-mapped IPv6 address', () => {
    expect(run('::ffff:193.0.6.139', location({ countryCode: 'NL' }))).toMatchObject({ state: 'FALSE' });
    expect(run('193.0.6.139', location({ regionCode: 'TX' }))).toMatchObject({ state: 'TRUE', risk: 'MED' });
  });

  it('is UNKNOWN [NONE] without an IP, for a private IP and without a location country', () => {
    expect(run(null, us())).toMatchObject({ state: 'UNKNOWN', risk: 'NONE' });
    const lan = run('192.168.1.10', us());
    expect(lan).toMatchObject({ state: 'UNKNOWN', risk: 'NONE' });
    expect(lan.description).toBe('192.168.1.10 is not a public address, so it has no geolocation.');
    const nowhere = run('8.8.8.8', location({ city: 'Paris' }));
    expect(nowhere).toMatchObject({ state: 'UNKNOWN', risk: 'NONE' });
    expect(nowhere.description).toBe('No location country was given to compare 8.8.8.8 with.');
    expect(run('8.8.8.8', null)).toMatchObject({ state: 'UNKNOWN', risk: 'NONE' });
  });

  it('is UNKNOWN [NONE] when the database has no entry for a public address', () => {
    const check = run('24.6.1.99', us(), records);
    expect(check).toMatchObject({ state: 'UNKNOWN', risk: 'NONE' });
    expect(check.description).toBe(`24.6.1.99 is not in the database (${records.source}).`);
  });

  it('awaits the database when none is loaded', () => {
    const check = run('8.8.8.8', us(), null);
    expect(check).toMatchObject({ state: 'UNKNOWN', risk: 'NONE' });
    expect(check.description).toBe('Awaiting the IP geolocation database.');
  });
});

describe('IP_GEOLOCATION_MISMATCH with a city database', () => {
  it('is TRUE [MED] for another US state, with the city in the description', () => {
    const check = run('24.6.1.20', us('CA'), records);
    expect(check).toMatchObject({ state: 'TRUE', risk: 'MED' });
    expect(check.description).toBe(
      `24.6.1.20 geolocates to New York, New York (NY), United States (US) (${records.source}); ` +
        'the location given is in California (CA).',
    );
  });

  it('is FALSE for the same state, given by code or by name', () => {
    expect(run('24.6.1.10', us('CA'), records)).toMatchObject({ state: 'FALSE', risk: 'NONE' });
    const byName = run('24.6.1.10', location({ countryCode: 'US', region: 'California' }), records);
    expect(byName).toMatchObject({ state: 'FALSE', risk: 'NONE' });
    expect(byName.description).toMatch(/, the state or province given\.$/);
  });

  it('compares Canadian provinces too', () => {
    const place = (regionCode: string) => location({ countryCode: 'CA', regionCode });
    expect(run('24.6.2.7', place('ON'), records)).toMatchObject({ state: 'FALSE' });
    expect(run('24.6.2.7', place('QC'), records)).toMatchObject({ state: 'TRUE', risk: 'MED' });
  });

  it('compares only the country when no state is given, or the record has none', () => {
    const noState = run('24.6.1.10', us(), records);
    expect(noState).toMatchObject({ state: 'FALSE', risk: 'NONE' });
    expect(noState.description).toMatch(/no state or province was given to compare\.$/);
    expect(run('24.6.1.40', us('CA'), records)).toMatchObject({ state: 'FALSE', risk: 'NONE' });
  });

  it('treats Puerto Rico as its own country, whether the address says PR or US with state PR', () => {
    expect(run('24.6.1.30', location({ countryCode: 'PR' }), records)).toMatchObject({ state: 'FALSE' });
    expect(run('24.6.1.30', us('PR'), records)).toMatchObject({ state: 'FALSE' });
    expect(run('24.6.1.30', us('FL'), records)).toMatchObject({ state: 'TRUE', risk: 'MED' });
  });
});
