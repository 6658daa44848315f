// EMAIL_NEVER_SEEN (Email): email never seen.
// Decided in ../email.ts, which runs the package's checks together.
import { defineCheck, example } from '../check-def';
import { awaiting, isFalse } from '../common-states';
import { EMAIL_ONLY, NO_GRAPH, PHONE_ONLY } from '../example-kit';
import { firstSeen, NEVER } from '../example-kits/email';
import { OBSERVATIONS } from '../source-phrases';

export const emailNeverSeen = defineCheck({
  id: 'EMAIL_NEVER_SEEN',
  checkPackage: 'Email',
  name: 'Email never seen',
  states: {
    TRUE: {
      risk: 'MED',
      meaning: 'No observation of the email exists (a breach or other record is not an observation).',
    },
    FALSE: isFalse,
    UNKNOWN: awaiting,
    NONE: {
      risk: 'NONE',
      meaning:
        'No email was provided, or only malformed addresses the graph never saw (EMAIL_INVALID carries them).',
    },
  },
  source: `Identity graph: ${OBSERVATIONS} of the email`,
  examples: [
    example('TRUE', EMAIL_ONLY, NEVER),
    example('FALSE', EMAIL_ONLY, firstSeen({ days: 200 })),
    example('UNKNOWN', EMAIL_ONLY, NO_GRAPH),
    example('NONE', PHONE_ONLY),
  ],
});
