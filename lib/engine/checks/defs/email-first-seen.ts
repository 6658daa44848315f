// EMAIL_FIRST_SEEN (Email): email first seen.
// Decided in ../email.ts, which runs the package's checks together.
import { defineCheck, example } from '../check-def';
import { noInput, unseen } from '../common-states';
import { EMAIL_ONLY, PHONE_ONLY } from '../example-kit';
import { firstSeen, NEVER } from '../example-kits/email';
import { OBSERVATIONS } from '../source-phrases';

export const emailFirstSeen = defineCheck({
  id: 'EMAIL_FIRST_SEEN',
  checkPackage: 'Email',
  name: 'Email first seen',
  states: {
    NEW: { risk: 'HIGH', meaning: 'First seen less than 30 days ago.' },
    RECENT: { risk: 'MED', meaning: 'First seen less than a year ago.' },
    OLDER: { risk: 'NONE', weight: -0.7, meaning: 'First seen one to five years ago.' },
    LONG_AGO: { risk: 'NONE', weight: -1.4, meaning: 'First seen more than five years ago.' },
    UNKNOWN: unseen,
    NONE: noInput,
  },
  source: `Identity graph: ${OBSERVATIONS} of the email`,
  examples: [
    example('NEW', EMAIL_ONLY, firstSeen({ days: 10 })),
    example('RECENT', EMAIL_ONLY, firstSeen({ days: 200 })),
    example('OLDER', EMAIL_ONLY, firstSeen({ years: 3 })),
    example('LONG_AGO', EMAIL_ONLY, firstSeen({ years: 8 })),
    example('UNKNOWN', EMAIL_ONLY, NEVER),
    example('NONE', PHONE_ONLY),
  ],
});
