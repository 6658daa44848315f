// LOCATION_ADDRESS_INVALID (Location): address invalid.
// Decided in ../location.ts, which runs the package's checks together.
import { defineCheck, example } from '../check-def';
import { JANE, withGraph } from '../example-kit';
import { BEVERLY_HILLS, ZIP_DATA } from '../example-kits/location';

export const locationAddressInvalid = defineCheck({
  id: 'LOCATION_ADDRESS_INVALID',
  checkPackage: 'Location',
  name: 'Address invalid',
  states: {
    TRUE: {
      risk: 'HIGH',
      meaning:
        'A US address (country US or a territory, or no country and a US state) whose ZIP code does ' +
        'not exist or lies in another state than the one given, whose city no ZIP code of its state ' +
        'serves, or whose state is not a US state. Source: the zipcodes package (one city name per ' +
        'ZIP, so USPS alternate names such as a neighbourhood can read as unserved).',
    },
    MISSING_EXTENDED: {
      risk: 'LOW',
      weight: 0.3,
      meaning:
        'The address names no unit (no line 2, no Apt, Unit, # or Suite in line 1) while the identity ' +
        'graph stores units at the same line 1, city and ZIP.',
    },
    FALSE: {
      risk: 'NONE',
      meaning:
        'The street address itself was checked against street-level postal data and exists, and no ' +
        'known unit is missing. No street-level data ships yet, so this state is not answered.',
    },
    UNKNOWN: {
      risk: 'NONE',
      meaning:
        'The street was not checked: the ZIP code, state and city agree with the US ZIP data, which ' +
        'knows no streets; or no postal reference data for the country (only US ZIP codes are ' +
        'loaded), neither a ZIP code nor a city with its state to check, or the ZIP data is not loaded.',
    },
    NONE: { risk: 'NONE', meaning: 'No street address was provided.' },
  },
  source:
    'zipcodes package (US ZIP codes, cities and states; no streets); identity graph: units (address ' +
    'line 2) stored at the same street address',
  examples: [
    example('TRUE', { name: JANE, location: { ...BEVERLY_HILLS, regionCode: 'NY' } }, { note: ZIP_DATA }),
    example(
      'MISSING_EXTENDED',
      { name: JANE, location: { ...BEVERLY_HILLS, addressLine1: '100 S Doheny Dr' } },
      {
        note: 'The identity graph stores 3 units (address line 2) at 100 S Doheny Dr, Beverly Hills, 90210.',
        context: (base) =>
          withGraph(base, { address: { known: true, names: 3, inputNameLinked: false, units: 3 } }),
      },
    ),
    example(
      'UNKNOWN',
      { name: JANE, location: BEVERLY_HILLS },
      { note: `${ZIP_DATA} No street-level data is loaded, so the street is not checked.` },
    ),
    example('UNKNOWN', {
      name: JANE,
      location: {
        addressLine1: '10 Downing Street',
        city: 'London',
        postalCode: 'SW1A 2AA',
        countryCode: 'GB',
      },
    }),
    example('NONE', {
      name: JANE,
      location: { city: 'Beverly Hills', regionCode: 'CA', countryCode: 'US' },
    }),
  ],
  unreachable: {
    FALSE:
      'Needs street-level postal data, which is not loaded: the ZIP data checks ZIP code, state and ' +
      'city, so an address it agrees with answers UNKNOWN.',
  },
});
