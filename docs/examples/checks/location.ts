import { type CheckExample, example } from '../check-example';
import { withGraph } from '../context';
import { EMAIL_ONLY, JANE } from '../requests';

const BEVERLY_HILLS = {
  addressLine1: '9336 Civic Center Dr',
  city: 'Beverly Hills',
  regionCode: 'CA',
  postalCode: '90210',
  countryCode: 'US',
} as const;

const ZIP_DATA = 'The zipcodes data places ZIP 90210 in Beverly Hills, CA.';

export const locationExamples: CheckExample[] = [
  example(
    'LOCATION_ADDRESS_INVALID',
    'TRUE',
    { name: JANE, location: { ...BEVERLY_HILLS, regionCode: 'NY' } },
    { note: ZIP_DATA },
  ),
  example(
    'LOCATION_ADDRESS_INVALID',
    'MISSING_EXTENDED',
    { name: JANE, location: { ...BEVERLY_HILLS, addressLine1: '100 S Doheny Dr' } },
    {
      note: 'The identity graph stores 3 units (address line 2) at 100 S Doheny Dr, Beverly Hills, 90210.',
      context: (base) =>
        withGraph(base, { address: { known: true, names: 3, inputNameLinked: false, units: 3 } }),
    },
  ),
  example(
    'LOCATION_ADDRESS_INVALID',
    'UNKNOWN',
    { name: JANE, location: BEVERLY_HILLS },
    { note: `${ZIP_DATA} No street-level data is loaded, so the street is not checked.` },
  ),
  example('LOCATION_ADDRESS_INVALID', 'UNKNOWN', {
    name: JANE,
    location: {
      addressLine1: '10 Downing Street',
      city: 'London',
      postalCode: 'SW1A 2AA',
      countryCode: 'GB',
    },
  }),
  example('LOCATION_ADDRESS_INVALID', 'NONE', {
    name: JANE,
    location: { city: 'Beverly Hills', regionCode: 'CA', countryCode: 'US' },
  }),

  example('LOCATION_ADDRESS_IS_BUSINESS', 'TRUE', {
    name: JANE,
    organization: 'Acme Widgets',
    location: { ...BEVERLY_HILLS, addressLine2: 'Suite 300' },
  }),
  example('LOCATION_ADDRESS_IS_BUSINESS', 'TRUE', {
    name: JANE,
    location: { ...BEVERLY_HILLS, addressLine1: 'Acme Widgets LLC, 9336 Civic Center Dr' },
  }),
  example('LOCATION_ADDRESS_IS_BUSINESS', 'FALSE', {
    name: JANE,
    location: { ...BEVERLY_HILLS, addressLine2: 'Apt 4B' },
  }),
  example('LOCATION_ADDRESS_IS_BUSINESS', 'UNKNOWN', { name: JANE, location: BEVERLY_HILLS }),
  example('LOCATION_ADDRESS_IS_BUSINESS', 'NONE', {
    name: JANE,
    location: { city: 'Beverly Hills', regionCode: 'CA', countryCode: 'US' },
  }),

  example('LOCATION_COUNTRY_RISK', 'HIGH', { ...EMAIL_ONLY, location: { countryCode: 'IR' } }),
  example('LOCATION_COUNTRY_RISK', 'MED', { ...EMAIL_ONLY, location: { countryCode: 'VN' } }),
  example('LOCATION_COUNTRY_RISK', 'LOW', { ...EMAIL_ONLY, location: { countryCode: 'US' } }),
  example('LOCATION_COUNTRY_RISK', 'NONE', EMAIL_ONLY),
];
