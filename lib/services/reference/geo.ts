// Offline IP geolocation and US ZIP data, each loaded once per process on first use. A MaxMind-
// format file named by GEOIP_MMDB_PATH is preferred to the geoip-country package's database.
import { env } from '@/lib/config/env';
import type { GeoLookup, PostalLookup } from '@/lib/engine/geo/types';
import { geoipCountryLookup, mmdbGeoLookup } from './geo-sources';
import { zipPostalLookup } from './postal-zip';

let geo: GeoLookup | null | undefined;
let postal: PostalLookup | null | undefined;

function logError(msg: string, error: unknown): void {
  const detail = error instanceof Error ? error.message : String(error);
  process.stderr.write(`${JSON.stringify({ level: 'error', msg, error: detail })}\n`);
}

function loadGeo(): GeoLookup | null {
  const path = env().GEOIP_MMDB_PATH;
  if (path !== undefined) {
    try {
      return mmdbGeoLookup(path);
    } catch (error) {
      // The check names the database that answered, so the fallback shows in every description.
      logError(`GEOIP_MMDB_PATH ${path} is not a readable MaxMind database; using geoip-country`, error);
    }
  }
  try {
    return geoipCountryLookup();
  } catch (error) {
    logError('geoip-country did not load: IP geolocation is off', error);
    return null;
  }
}

export function geoLookup(): GeoLookup | null {
  if (geo === undefined) geo = loadGeo();
  return geo;
}

export function postalLookup(): PostalLookup | null {
  if (postal === undefined) {
    try {
      postal = zipPostalLookup();
    } catch (error) {
      logError('zipcodes did not load: the address checks await it', error);
      postal = null;
    }
  }
  return postal;
}
