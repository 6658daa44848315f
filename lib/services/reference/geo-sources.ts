// The IP geolocation databases behind GeoLookup: a MaxMind-format file read with `maxmind`, or
// the country database that ships inside the `geoip-country` package.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Reader, type Response } from 'maxmind';
import { mmdbLocation } from '@/lib/engine/geo/mmdb-record';
import type { GeoLookup } from '@/lib/engine/geo/types';

// A require of our own: the packages load their data on first require, which we defer to first use.
const require = createRequire(import.meta.url);

interface GeoipCountry {
  lookup(ip: string): { country?: string } | null;
}

interface PackageJson {
  version: string;
}

/** "DBIP country ipvAll (built 2026-06-01)", from the file's own metadata. */
function mmdbSource(reader: Reader<Response>, path: string): string {
  const { databaseType, buildEpoch } = reader.metadata;
  const built = Number.isNaN(buildEpoch.getTime()) ? '' : `, built ${buildEpoch.toISOString().slice(0, 10)}`;
  const file = path.split(/[\\/]/).pop() ?? path;
  return `${databaseType} database ${file}${built}`;
}

/** Reads the whole file into memory once (a City database is 60 to 130 MB, a Country one 10). */
export function mmdbGeoLookup(path: string): GeoLookup {
  const reader = new Reader<Response>(readFileSync(path));
  const source = mmdbSource(reader, path);
  return {
    source,
    locate: (ip) => mmdbLocation(reader.get(ip), source),
  };
}

/** MaxMind GeoLite2 Country as packaged by geoip-country; its version carries the data date. */
export function geoipCountryLookup(): GeoLookup {
  const geoip = require('geoip-country') as GeoipCountry;
  const { version } = require('geoip-country/package.json') as PackageJson;
  const source = `geoip-country ${version} (MaxMind GeoLite2 Country)`;
  return {
    source,
    locate: (ip) => {
      const country = geoip.lookup(ip)?.country;
      return country ? { countryCode: country.toUpperCase(), regionCode: null, city: null, source } : null;
    },
  };
}
