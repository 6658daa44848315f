// PHONE_LAST_SEEN (Phone): phone last seen.
// Decided in ../phone.ts, which runs the package's checks together.
import { defineCheck, example } from '../check-def';
import { seenStates } from '../common-states';
import { EMAIL_ONLY, PHONE_ONLY } from '../example-kit';
import { lastSeen, NEVER } from '../example-kits/phone';
import { OBSERVATIONS } from '../source-phrases';

export const phoneLastSeen = defineCheck({
  id: 'PHONE_LAST_SEEN',
  checkPackage: 'Phone',
  name: 'Phone last seen',
  states: seenStates,
  source: `Identity graph: ${OBSERVATIONS} of the phone`,
  examples: [
    example('RECENT', PHONE_ONLY, lastSeen({ days: 20 })),
    example('OLDER', PHONE_ONLY, lastSeen({ years: 2 })),
    example('LONG_AGO', PHONE_ONLY, lastSeen({ years: 7 })),
    example('UNKNOWN', PHONE_ONLY, NEVER),
    example('NONE', EMAIL_ONLY),
  ],
});
