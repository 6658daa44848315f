// EMAIL_LAST_SEEN (Email): email last seen.
// Decided in ../email.ts, which runs the package's checks together.
import { defineCheck, example } from '../check-def';
import { seenStates } from '../common-states';
import { EMAIL_ONLY, PHONE_ONLY } from '../example-kit';
import { lastSeen, NEVER } from '../example-kits/email';
import { OBSERVATIONS } from '../source-phrases';

export const emailLastSeen = defineCheck({
  id: 'EMAIL_LAST_SEEN',
  checkPackage: 'Email',
  name: 'Email last seen',
  states: {
    ...seenStates,
    RECENT: { risk: 'LOW', weight: -0.2, meaning: 'Seen within the last year.', pinned: true },
  },
  source: `Identity graph: ${OBSERVATIONS} of the email`,
  examples: [
    example('RECENT', EMAIL_ONLY, lastSeen({ days: 20 })),
    example('OLDER', EMAIL_ONLY, lastSeen({ years: 2 })),
    example('LONG_AGO', EMAIL_ONLY, lastSeen({ years: 7 })),
    example('UNKNOWN', EMAIL_ONLY, NEVER),
    example('NONE', PHONE_ONLY),
  ],
});
