// PHONE_LOCATION_MISMATCH (Phone): phone location mismatch.
// Decided in ../phone.ts, which runs the package's checks together.
import { defineCheck, example } from '../check-def';
import { PHONE_ONLY } from '../example-kit';
import { inState } from '../example-kits/phone';

export const phoneLocationMismatch = defineCheck({
  id: 'PHONE_LOCATION_MISMATCH',
  checkPackage: 'Phone',
  name: 'Phone location mismatch',
  states: {
    TRUE: {
      risk: 'LOW',
      weight: 0.5,
      meaning:
        "Some number's country (libphonenumber's region) differs from the location's; or, for a +1 " +
        'number and a US or Canadian location, its area code serves another state or province than ' +
        'the one given (NANPA area code assignments).',
    },
    FALSE: {
      risk: 'NONE',
      meaning:
        "The numbers' countries, and where compared their area codes' states, agree with the location.",
    },
    UNKNOWN: {
      risk: 'NONE',
      meaning:
        'No phone, no location country, or no number has a place: toll-free, premium-rate and other ' +
        'non-geographic numbers, or invalid ones (not judged here: PHONE_FORMAT_INVALID carries them).',
    },
  },
  source:
    "libphonenumber metadata (the number's region); built-in NANPA area-code assignments (US and Canada); " +
    'the request location',
  examples: [
    example('TRUE', inState('NY')),
    example('TRUE', { phone: '+447400123456', location: { countryCode: 'US' } }),
    example('FALSE', inState('CA')),
    example('UNKNOWN', PHONE_ONLY),
  ],
});
