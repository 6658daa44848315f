// SYNTHETIC_SSN_BEFORE_BIRTH (Synthetic Identity): SSN issued before birth.
// Decided in ../synthetic-identity.ts, which runs the package's checks together.
import { defineCheck, example } from '../check-def';
import { HIGHEST, POST, PRE, SSA_LOADED } from '../example-kits/synthetic-identity';
import { SSA } from '../source-phrases';

// Beyond the 37 core checks: an SSN the SSA tables date before the applicant was born.
export const syntheticSsnBeforeBirth = defineCheck({
  id: 'SYNTHETIC_SSN_BEFORE_BIRTH',
  checkPackage: 'Synthetic Identity',
  name: 'SSN issued before birth',
  states: {
    TRUE: {
      risk: 'HIGH',
      meaning:
        'The SSN was issued by 2011-06-24 at the latest (SYNTHETIC_SSN_ISSUE_DATE PRE_2011), but the ' +
        'birthday is later: the number existed before the person did.',
    },
    FALSE: {
      risk: 'NONE',
      meaning:
        'The SSA tables date the SSN and not before the birthday: issued by 2011-06-24 at the latest ' +
        'with a birthday on or before that (the tables give no earliest date before 2011), or issued ' +
        'under randomisation, on or after 2011-06-25, to a person born by then.',
    },
    UNKNOWN: {
      risk: 'NONE',
      meaning:
        'The tables cannot date the SSN against the birthday: its group is the highest of its area ' +
        '(either side of randomisation), or it was randomised and the person was born after ' +
        '2011-06-25 (no latest issue date); or only the last four digits were given, the SSN has a ' +
        'structure never issued, or the SSA tables are not loaded.',
    },
    NONE: { risk: 'NONE', meaning: 'No SSN or no birthday was provided.' },
  },
  source: `${SSA}; the request birthday`,
  examples: [
    example('TRUE', { ssns: [PRE], birthday: '2014-05-01' }, SSA_LOADED),
    example('FALSE', { ssns: [PRE], birthday: '1980-02-03' }, SSA_LOADED),
    example('FALSE', { ssns: [POST], birthday: '2005-01-01' }, SSA_LOADED),
    example('UNKNOWN', { ssns: [HIGHEST], birthday: '1980-02-03' }, SSA_LOADED),
    example('UNKNOWN', { ssns: [POST], birthday: '2015-03-01' }, SSA_LOADED),
    example('UNKNOWN', { ssns: ['4567'], birthday: '1980-02-03' }),
    example(
      'UNKNOWN',
      { ssns: [PRE], birthday: '1980-02-03' },
      { note: 'The SSA tables are not imported.', context: (base) => ({ ...base, ssa: null }) },
    ),
    example('NONE', { ssns: [PRE] }),
  ],
});
