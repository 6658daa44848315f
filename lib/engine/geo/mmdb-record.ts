// The place in one MaxMind-format (MMDB) record, whichever of the two common layouts it has:
// GeoIP2 (MaxMind GeoLite2/GeoIP2 City and Country, DB-IP's own lite downloads):
//   { country: { iso_code }, subdivisions: [{ iso_code, names }], city: { names } }
// ip-location-db (the @ip-location-db packages): { country_code, state1, city }.
import { subdivisionCode } from './subdivisions';
import type { GeoLocation } from './types';

type Json = Readonly<Record<string, unknown>>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null;

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

function field(value: unknown, ...path: (string | number)[]): unknown {
  let current = value;
  for (const key of path) {
    if (Array.isArray(current) && typeof key === 'number') current = current[key];
    else if (isObject(current) && typeof key === 'string') current = current[key];
    else return undefined;
  }
  return current;
}

/** ISO code without the country; from a name only for the US and Canada (DB-IP lists names only). */
function regionOf(country: string, isoCode: string | null, name: string | null): string | null {
  if (isoCode !== null) return isoCode.toUpperCase();
  if (country === 'US' || country === 'CA') return subdivisionCode(country, name);
  return null;
}

/** The record's place, or null when it names no country (an anycast or satellite range). */
export function mmdbLocation(record: unknown, source: string): GeoLocation | null {
  // Not registered_country: where the network was registered is not where its user is.
  const geoIp2Country = text(field(record, 'country', 'iso_code'));
  if (geoIp2Country !== null) {
    const country = geoIp2Country.toUpperCase();
    return {
      countryCode: country,
      regionCode: regionOf(
        country,
        text(field(record, 'subdivisions', 0, 'iso_code')),
        text(field(record, 'subdivisions', 0, 'names', 'en')),
      ),
      city: text(field(record, 'city', 'names', 'en')),
      source,
    };
  }
  const flat = text(field(record, 'country_code'));
  if (flat === null) return null;
  const country = flat.toUpperCase();
  return {
    countryCode: country,
    regionCode: regionOf(country, null, text(field(record, 'state1'))),
    city: text(field(record, 'city')),
    source,
  };
}
