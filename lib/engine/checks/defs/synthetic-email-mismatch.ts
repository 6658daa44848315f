// SYNTHETIC_EMAIL_MISMATCH (Synthetic Identity): email and name mismatch.
// Decided in ../synthetic-identity.ts, which runs the package's checks together.
import { defineCheck, example } from '../check-def';
import { EMAIL_ONLY, JANE } from '../example-kit';

export const syntheticEmailMismatch = defineCheck({
  id: 'SYNTHETIC_EMAIL_MISMATCH',
  checkPackage: 'Synthetic Identity',
  name: 'Email and name mismatch',
  states: {
    MATCHED: { risk: 'NONE', meaning: "The email's local part contains the given or family name." },
    MISMATCH: { risk: 'LOW', weight: 0.6, meaning: "The email's local part does not reflect the name." },
    UNKNOWN: {
      risk: 'NONE',
      meaning:
        'A well-formed cleartext email and a name are not both available (a malformed address is ' +
        "EMAIL_INVALID's to report), or the address is a privacy relay alias not holding the name: " +
        'the relay makes up its local part, which says nothing about the name.',
    },
  },
  source: 'The request: the email local part against the name; the domain against the privacy relay domains',
  examples: [
    example('MATCHED', { ...EMAIL_ONLY, name: JANE }),
    example('MISMATCH', { email: 'sunflower@gmail.com', name: JANE }),
    example('UNKNOWN', EMAIL_ONLY),
    example('UNKNOWN', { email: '48zvz1s5ck@privaterelay.appleid.com', name: JANE }),
  ],
});
