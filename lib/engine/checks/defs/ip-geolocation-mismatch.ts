// IP_GEOLOCATION_MISMATCH (IP Address): IP geolocation mismatch.
// Decided in ../ip-address.ts, which runs the package's checks together.
import { defineCheck, example } from '../check-def';
import { IP_ONLY } from '../example-kit';

export const ipGeolocationMismatch = defineCheck({
  id: 'IP_GEOLOCATION_MISMATCH',
  checkPackage: 'IP Address',
  name: 'IP geolocation mismatch',
  states: {
    TRUE: {
      risk: 'MED',
      weight: 2.1,
      meaning:
        "The IP geolocation database places the address in another country than the location's; for a " +
        'US or Canadian location, also in another state or province when the database knows ' +
        'subdivisions (a city database at GEOIP_MMDB_PATH; the bundled geoip-country is country-level).',
    },
    FALSE: {
      risk: 'NONE',
      meaning: 'The database places the address in the country given (and state or province, when compared).',
    },
    UNKNOWN: {
      risk: 'NONE',
      meaning:
        'No IP address, a private or reserved one, no location country to compare with, no ' +
        'geolocation database loaded, or the database has no entry for the address.',
    },
  },
  source:
    'IP geolocation database: a MaxMind-format file at GEOIP_MMDB_PATH, else the bundled geoip-country ' +
    '(MaxMind GeoLite2 Country, country level); the request location',
  examples: [
    example(
      'TRUE',
      { ipAddress: '81.2.69.142', location: { countryCode: 'US' } },
      { note: 'geoip-country places 81.2.69.142 in GB.' },
    ),
    example(
      'FALSE',
      { ...IP_ONLY, location: { countryCode: 'US' } },
      { note: `geoip-country places ${IP_ONLY.ipAddress} in the US.` },
    ),
    example('UNKNOWN', IP_ONLY),
    example(
      'UNKNOWN',
      { ...IP_ONLY, location: { countryCode: 'US' } },
      {
        note: 'No IP geolocation database is loaded.',
        context: (base) => ({ ...base, geo: null }),
      },
    ),
  ],
});
