// US ZIP codes from the `zipcodes` package (federalgovernmentzipcodes.us, filled in from GeoNames):
// one city per ZIP, indexed by state with the city spellings folded (cityKey).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cityKey } from '@/lib/engine/geo/city-key';
import type { PostalLookup, PostalPlace } from '@/lib/engine/geo/types';

const require = createRequire(import.meta.url);

interface ZipRecord {
  zip: string;
  city: string;
  state: string;
  country: string;
}

type ZipTable = Readonly<Record<string, ZipRecord>>;

interface PackageJson {
  version: string;
}

// The package's generated table is `exports.codes = <JSON>;\nexports.stateMap = <JSON>;`.
const HEAD = 'exports.codes = ';
const TAIL = ';\nexports.stateMap = ';

/**
 * The US table as JSON: about 50 ms and 20 MB of RSS, where requiring the 5 MB of JavaScript
 * (what the package entry does, with Canada) takes 200 to 400 ms and about 100 MB.
 */
function zipTable(): ZipTable {
  // Inside the Next.js server bundle require.resolve answers a module id, not a path (reading
  // that number as a file descriptor failed with EBADF and left every address check awaiting).
  const resolved: unknown = require.resolve('zipcodes/lib/codes.js');
  if (typeof resolved === 'string') {
    const text = readFileSync(resolved, 'utf8');
    const end = text.indexOf(TAIL);
    if (text.startsWith(HEAD) && end > 0) return JSON.parse(text.slice(HEAD.length, end)) as ZipTable;
  }
  return (require('zipcodes/lib/codes') as { codes: ZipTable }).codes;
}

export function zipPostalLookup(): PostalLookup {
  const { version } = require('zipcodes/package.json') as PackageJson;
  const zips = new Map<string, PostalPlace>();
  const cities = new Map<string, Set<string>>();
  // 42,555 ZIPs share 18,919 city names: fold each name once.
  const folded = new Map<string, string>();
  for (const record of Object.values(zipTable())) {
    if (record.country !== 'US' || !/^\d{5}$/.test(record.zip)) continue;
    zips.set(record.zip, { zip: record.zip, city: record.city, state: record.state });
    let key = folded.get(record.city);
    if (key === undefined) {
      key = cityKey(record.city);
      folded.set(record.city, key);
    }
    let keys = cities.get(record.state);
    if (keys === undefined) {
      keys = new Set();
      cities.set(record.state, keys);
    }
    keys.add(key);
  }
  return {
    source: `zipcodes ${version} US ZIP data`,
    zip: (zip5) => zips.get(zip5) ?? null,
    cityInState: (city, state) => cities.get(state.toUpperCase())?.has(cityKey(city)) ?? false,
  };
}
