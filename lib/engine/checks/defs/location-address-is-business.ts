// LOCATION_ADDRESS_IS_BUSINESS (Location): business address.
// Decided in ../location.ts, which runs the package's checks together.
import { defineCheck, example } from '../check-def';
import { JANE } from '../example-kit';
import { BEVERLY_HILLS } from '../example-kits/location';

export const locationAddressIsBusiness = defineCheck({
  id: 'LOCATION_ADDRESS_IS_BUSINESS',
  checkPackage: 'Location',
  name: 'Business address',
  states: {
    TRUE: {
      risk: 'LOW',
      weight: 1.1,
      meaning:
        'The request itself places a business there: an address line names a company (Inc, LLC, Ltd, ' +
        'Corp...) or the organization given, or an organization is given and the address has a ' +
        'Suite, Floor or Dept. No business-address data is loaded (the ZIP data has no business or ' +
        'unique-ZIP flag; the graph links employers to people, not to addresses), so a business ' +
        'address without these markers is not recognised.',
    },
    FALSE: { risk: 'NONE', meaning: 'The address has an apartment or trailer unit: residential.' },
    // UNKNOWN is pinned at LOW (docs/api/operations.md); without a street there is nothing to judge (NONE).
    UNKNOWN: {
      risk: 'LOW',
      // Pinned at LOW, yet no evidence either way: it weighs 0 (docs/risk.md).
      weight: 0,
      meaning: 'A street address with no evidence either way (a PO Box included: anyone may rent one).',
      pinned: true,
    },
    NONE: { risk: 'NONE', meaning: 'No street address was provided.' },
  },
  source: 'The request: address lines and organization',
  examples: [
    example('TRUE', {
      name: JANE,
      organization: 'Acme Widgets',
      location: { ...BEVERLY_HILLS, addressLine2: 'Suite 300' },
    }),
    example('TRUE', {
      name: JANE,
      location: { ...BEVERLY_HILLS, addressLine1: 'Acme Widgets LLC, 9336 Civic Center Dr' },
    }),
    example('FALSE', {
      name: JANE,
      location: { ...BEVERLY_HILLS, addressLine2: 'Apt 4B' },
    }),
    example('UNKNOWN', { name: JANE, location: BEVERLY_HILLS }),
    example('NONE', {
      name: JANE,
      location: { city: 'Beverly Hills', regionCode: 'CA', countryCode: 'US' },
    }),
  ],
});
