// IP_GEOLOCATION_MISMATCH: the country (and, for a US or Canadian location with a database that
// knows subdivisions, the state or province) the IP geolocates to against the request's location.

import { countryLabel, inputPlace } from '../geo/input-place';
import { subdivisionLabel, ZIP_TERRITORIES } from '../geo/subdivisions';
import type { GeoLocation, GeoLookup } from '../geo/types';
import type { Check, LocationInput } from '../types';
import { ipReach } from './ip-range';
import { awaitingCheck, makeCheck } from './make-check';

const SUBDIVIDED = new Set(['US', 'CA']);
const MAPPED_V4 = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/** The place of a geolocation with a US territory as its own country, as inputPlace has it. */
function geoCountry(geo: GeoLocation): string {
  const region = geo.regionCode?.toUpperCase() ?? null;
  return geo.countryCode === 'US' && region !== null && ZIP_TERRITORIES.has(region)
    ? region
    : geo.countryCode;
}

function placeText(geo: GeoLocation, country: string): string {
  const parts = [
    geo.city,
    geo.regionCode !== null && SUBDIVIDED.has(country) ? subdivisionLabel(country, geo.regionCode) : null,
    countryLabel(country),
  ].filter((part): part is string => part !== null && part !== '');
  return parts.join(', ');
}

export function ipGeolocation(address: string, location: LocationInput | null, geo: GeoLookup | null): Check {
  const reach = ipReach(address);
  if (!reach.public) {
    return makeCheck(
      'IP_GEOLOCATION_MISMATCH',
      'UNKNOWN',
      `${address} is not a public address, so it has no geolocation.`,
    );
  }
  const place = inputPlace(location);
  if (place === null) {
    return makeCheck(
      'IP_GEOLOCATION_MISMATCH',
      'UNKNOWN',
      `No location country was given to compare ${address} with.`,
    );
  }
  if (geo === null) return awaitingCheck('IP_GEOLOCATION_MISMATCH', 'the IP geolocation database');
  // Some MMDB files do not alias the IPv4-mapped range (::ffff:0:0/96) to their IPv4 tree.
  const found = geo.locate(address.match(MAPPED_V4)?.[1] ?? address);
  if (found === null) {
    return makeCheck(
      'IP_GEOLOCATION_MISMATCH',
      'UNKNOWN',
      `${address} is not in the database (${geo.source}).`,
    );
  }
  const country = geoCountry(found);
  const where = `${address} geolocates to ${placeText(found, country)} (${found.source})`;
  if (country !== place.country) {
    return makeCheck(
      'IP_GEOLOCATION_MISMATCH',
      'TRUE',
      `${where}; the location given is in ${countryLabel(place.country)}.`,
    );
  }
  const ipRegion = found.regionCode?.toUpperCase() ?? null;
  if (!SUBDIVIDED.has(country) || place.subdivision === null || ipRegion === null) {
    const why = !SUBDIVIDED.has(country)
      ? ''
      : place.subdivision === null
        ? '; no state or province was given to compare'
        : '; the database has no state or province for it';
    return makeCheck('IP_GEOLOCATION_MISMATCH', 'FALSE', `${where}, the country given${why}.`);
  }
  if (ipRegion !== place.subdivision) {
    return makeCheck(
      'IP_GEOLOCATION_MISMATCH',
      'TRUE',
      `${where}; the location given is in ${subdivisionLabel(country, place.subdivision)}.`,
    );
  }
  return makeCheck('IP_GEOLOCATION_MISMATCH', 'FALSE', `${where}, the state or province given.`);
}
