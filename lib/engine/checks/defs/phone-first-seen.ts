// PHONE_FIRST_SEEN (Phone): phone first seen.
// Decided in ../phone.ts, which runs the package's checks together.
import { defineCheck, example } from '../check-def';
import { noInput, unseen } from '../common-states';
import { EMAIL_ONLY, PHONE_ONLY } from '../example-kit';
import { firstSeen, NEVER } from '../example-kits/phone';
import { OBSERVATIONS } from '../source-phrases';

export const phoneFirstSeen = defineCheck({
  id: 'PHONE_FIRST_SEEN',
  checkPackage: 'Phone',
  name: 'Phone first seen',
  states: {
    NEW: { risk: 'HIGH', meaning: 'First seen less than a month ago.' },
    RECENT: { risk: 'MED', meaning: 'First seen less than a year ago.' },
    OLDER: { risk: 'NONE', weight: -0.6, meaning: 'First seen more than a year ago.' },
    LONG_AGO: { risk: 'NONE', weight: -1.2, meaning: 'First seen more than five years ago.' },
    UNKNOWN: unseen,
    NONE: noInput,
  },
  source: `Identity graph: ${OBSERVATIONS} of the phone`,
  examples: [
    example('NEW', PHONE_ONLY, firstSeen({ days: 10 })),
    example('RECENT', PHONE_ONLY, firstSeen({ days: 200 })),
    example('OLDER', PHONE_ONLY, firstSeen({ years: 3 })),
    example('LONG_AGO', PHONE_ONLY, firstSeen({ years: 8 })),
    example('UNKNOWN', PHONE_ONLY, NEVER),
    example('NONE', EMAIL_ONLY),
  ],
});
