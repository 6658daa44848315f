// SYNTHETIC_SSN_INVALID (Synthetic Identity): SSN never issued.
// Decided in ../synthetic-identity.ts, which runs the package's checks together.
import { defineCheck, example } from '../check-def';
import { PRE } from '../example-kits/synthetic-identity';

// Beyond the 37 core checks (docs/api/operations.md): an SSN the SSA never issues.
export const syntheticSsnInvalid = defineCheck({
  id: 'SYNTHETIC_SSN_INVALID',
  checkPackage: 'Synthetic Identity',
  name: 'SSN never issued',
  states: {
    TRUE: {
      risk: 'HIGH',
      meaning:
        'The full SSN is one the SSA never issues: area 000, 666 or 900-999, group 00, serial 0000, ' +
        'or a published sample or advertising number (078-05-1120, 219-09-9999, 123-45-6789...).',
    },
    ITIN: {
      risk: 'MED',
      meaning: 'Area 900-999 with group 50-65, 70-88, 90-92 or 94-99: an IRS taxpayer id (ITIN), not an SSN.',
    },
    FALSE: { risk: 'NONE', meaning: 'The full SSN has a structure the SSA issues.' },
    NONE: {
      risk: 'NONE',
      meaning: 'No SSN was provided, or only its last four digits, which say nothing of the structure.',
    },
  },
  source:
    'The request: built-in SSA never-issued rules (area 000, 666, 900-999; group 00; serial 0000), IRS ' +
    'ITIN groups and published sample numbers',
  examples: [
    example('TRUE', { ssns: ['666-12-3456'] }),
    example('TRUE', { ssns: ['078-05-1120'] }),
    example('ITIN', { ssns: ['912-70-1234'] }),
    example('FALSE', { ssns: [PRE] }),
    example('NONE', { ssns: ['4567'] }),
  ],
});
