// EMAIL_USER_PORTION (Email): email user portion.
// Decided in ../email.ts, which runs the package's checks together.
import { defineCheck, example } from '../check-def';
import { JANE, PHONE_ONLY } from '../example-kit';
import { HASHED, MALFORMED, NOT_JUDGED } from '../example-kits/email';

export const emailUserPortion = defineCheck({
  id: 'EMAIL_USER_PORTION',
  checkPackage: 'Email',
  name: 'Email user portion',
  states: {
    NAME_BASED: { risk: 'NONE', meaning: "The local part holds the person's name or name-like tokens." },
    ROLE: { risk: 'LOW', meaning: 'The local part is a role (info, sales, support...).' },
    NUMERIC: { risk: 'MED', meaning: 'The local part is mostly digits.' },
    RANDOM: { risk: 'MED', weight: 2.1, meaning: 'The local part looks machine-generated.' },
    OTHER: { risk: 'LOW', meaning: 'The local part is none of the above.' },
    UNKNOWN: { risk: 'NONE', meaning: 'No local part could be read: digests hide it.' },
    NONE: {
      risk: 'NONE',
      meaning:
        'No email was provided, or only malformed addresses, not judged here (EMAIL_INVALID carries them).',
    },
  },
  source:
    'The request: the local part against the role-based-email-addresses list, the input name, and a ' +
    'built-in randomness heuristic',
  examples: [
    example('NAME_BASED', { email: 'jdoe84@gmail.com', name: JANE }),
    example('ROLE', { email: 'info@acme-widgets.com' }),
    example('NUMERIC', { email: '48213377@gmail.com' }),
    example('RANDOM', { email: 'x7kq9z2m@gmail.com' }),
    example('OTHER', { email: 'sunflower@gmail.com' }),
    example('UNKNOWN', HASHED),
    example('NONE', PHONE_ONLY),
    example('NONE', MALFORMED, NOT_JUDGED),
  ],
});
