// SYNTHETIC_SSN_ISSUE_DATE (Synthetic Identity): SSN issuance period.
// Decided in ../synthetic-identity.ts, which runs the package's checks together.
import { defineCheck, example } from '../check-def';
import { EMAIL_ONLY } from '../example-kit';
import { HIGHEST, POST, PRE, SSA_LOADED } from '../example-kits/synthetic-identity';
import { SSA } from '../source-phrases';

// Beyond the 37 core checks: when the SSA could have issued the SSN, from the last high-group
// list before the 2011 randomisation (lib/engine/checks/ssn-issuance.ts).
export const syntheticSsnIssueDate = defineCheck({
  id: 'SYNTHETIC_SSN_ISSUE_DATE',
  checkPackage: 'Synthetic Identity',
  name: 'SSN issuance period',
  states: {
    PRE_2011: {
      risk: 'NONE',
      meaning:
        "The SSN's group comes before its area's highest group on the SSA list of 2011-06-24: " +
        'it was issued under the area scheme, by that date at the latest.',
    },
    POST_2011: {
      risk: 'LOW',
      weight: 0.3,
      meaning:
        "The SSN's area or group had not been reached by 2011-06-24: it can only have been issued " +
        'under randomisation, on or after 2011-06-25.',
    },
    POST_2011_LATE: {
      risk: 'MED',
      weight: 2.5,
      meaning:
        'As POST_2011, and the birthday shows the person was 5 to 17 on 2011-06-25: a first SSN ' +
        'issued years after birth, where a US-born child gets one in infancy (Enumeration at Birth).',
    },
    POST_2011_ADULT: {
      risk: 'MED',
      weight: 2.5,
      meaning:
        'As POST_2011, and the birthday shows the person was 18 or older on 2011-06-25: a first SSN ' +
        'issued to an adult, common in synthetic identities built on randomised numbers.',
    },
    UNKNOWN: {
      risk: 'NONE',
      meaning:
        "The group is its area's highest group on the list (issued before or after randomisation), " +
        'the SSN has a structure never issued, only its last four digits were given, or the SSA ' +
        'tables are not loaded.',
    },
    NONE: { risk: 'NONE', meaning: 'No SSN was provided.' },
  },
  source: `${SSA}; the request birthday`,
  examples: [
    example('PRE_2011', { ssns: [PRE] }, SSA_LOADED),
    example('POST_2011', { ssns: [POST], birthday: '2008-01-01' }, SSA_LOADED),
    example('POST_2011_LATE', { ssns: [POST], birthday: '1996-04-05' }, SSA_LOADED),
    example('POST_2011_ADULT', { ssns: [POST], birthday: '1980-02-03' }, SSA_LOADED),
    example('UNKNOWN', { ssns: [HIGHEST] }, SSA_LOADED),
    example('NONE', EMAIL_ONLY),
  ],
});
