import { type CheckExample, example } from '../check-example';
import { EMAIL_ONLY, IP_ONLY } from '../requests';

const UNLISTED = 'No loaded Tor, VPN or data-center list holds the address.';

export const ipAddressExamples: CheckExample[] = [
  example(
    'IP_GEOLOCATION_MISMATCH',
    'TRUE',
    { ipAddress: '81.2.69.142', location: { countryCode: 'US' } },
    { note: 'geoip-country places 81.2.69.142 in GB.' },
  ),
  example(
    'IP_GEOLOCATION_MISMATCH',
    'FALSE',
    { ...IP_ONLY, location: { countryCode: 'US' } },
    { note: `geoip-country places ${IP_ONLY.ipAddress} in the US.` },
  ),
  example('IP_GEOLOCATION_MISMATCH', 'UNKNOWN', IP_ONLY),
  example(
    'IP_GEOLOCATION_MISMATCH',
    'UNKNOWN',
    { ...IP_ONLY, location: { countryCode: 'US' } },
    {
      note: 'No IP geolocation database is loaded.',
      context: (base) => ({ ...base, geo: null }),
    },
  ),

  example(
    'IP_TYPE',
    'TOR',
    { ipAddress: '185.220.101.1' },
    { note: 'The Tor exit list holds 185.220.101.0/24.' },
  ),
  example(
    'IP_TYPE',
    'VPN',
    { ipAddress: '2.26.157.10' },
    { note: 'The X4BNet VPN list holds 2.26.157.0/24.' },
  ),
  example(
    'IP_TYPE',
    'DATA_CENTER',
    { ipAddress: '3.5.140.2' },
    { note: 'The AWS ranges list holds 3.5.140.0/22.' },
  ),
  example('IP_TYPE', 'PRIVATE', { ipAddress: '192.168.1.10' }),
  example('IP_TYPE', 'UNKNOWN', IP_ONLY, { note: UNLISTED }),
  example('IP_TYPE', 'UNKNOWN', IP_ONLY, {
    note: 'No Tor, VPN or data-center list is loaded.',
    context: (base) => ({ ...base, ipLists: null }),
    risk: { level: 'NONE', why: 'awaiting its source' },
  }),
  example('IP_TYPE', 'NONE', EMAIL_ONLY),
];
