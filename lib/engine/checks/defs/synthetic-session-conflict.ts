// SYNTHETIC_SESSION_CONFLICT (Synthetic Identity): conflicting SSNs or birthdays in one session.
// Decided in ../session-conflict.ts, run with the package in ../synthetic-identity.ts.
import { defineCheck, example } from '../check-def';
import { PRE } from '../example-kits/synthetic-identity';

/** The id of the session the examples' earlier calls created. */
const SESSION = 'ses_4xYgQm8nR2pKs7TfVw3k9a';

// Beyond the 37 core checks: one application (a session) that changed who it claims to be.
export const syntheticSessionConflict = defineCheck({
  id: 'SYNTHETIC_SESSION_CONFLICT',
  checkPackage: 'Synthetic Identity',
  name: 'Conflicting SSNs or birthdays in one session',
  states: {
    TRUE: {
      risk: 'HIGH',
      meaning:
        'The calls of this session gave two different full SSNs, a last four that no full SSN given ' +
        'ends with, or two different birthdays: one applicant does not have two.',
    },
    FALSE: {
      risk: 'NONE',
      meaning: 'The session gave the SSN as a last four and as a full SSN that ends with it.',
    },
    NONE: {
      risk: 'NONE',
      meaning:
        'The session gave one SSN and one birthday at most (a value repeated counts once; a first call always does).',
    },
  },
  source: 'The session: every SSN and birthday its calls gave (kept, sealed, with the session)',
  examples: [
    example(
      'TRUE',
      { sessionId: SESSION, ssns: ['002-04-5678'] },
      { session: [{ emails: ['jane.doe@gmail.com'], ssns: [PRE] }], note: 'Two calls of one session.' },
    ),
    example(
      'TRUE',
      { sessionId: SESSION, emails: ['jane.doe@gmail.com'], birthday: '1990-07-04' },
      {
        session: [{ emails: ['jane.doe@gmail.com'], birthday: '1985-02-03' }],
        note: 'Two calls of one session.',
      },
    ),
    example(
      'FALSE',
      { sessionId: SESSION, ssns: [PRE] },
      {
        session: [{ emails: ['jane.doe@gmail.com'], ssns: [PRE.slice(-4)] }],
        note: 'Two calls of one session: the last four, then the full SSN.',
      },
    ),
    example('NONE', { emails: ['jane.doe@gmail.com'], ssns: [PRE] }),
  ],
});
