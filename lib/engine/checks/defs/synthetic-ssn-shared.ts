// SYNTHETIC_SSN_SHARED (Synthetic Identity): SSN shared by several identities.
// Decided in ../synthetic-identity.ts, which runs the package's checks together.
import { defineCheck, example } from '../check-def';
import { EMAIL_ONLY, JANE, withGraph } from '../example-kit';
import { PRE } from '../example-kits/synthetic-identity';

// Beyond the 37 core checks (docs/api/operations.md): one SSN used by several identities.
export const syntheticSsnShared = defineCheck({
  id: 'SYNTHETIC_SSN_SHARED',
  checkPackage: 'Synthetic Identity',
  name: 'SSN shared by several identities',
  states: {
    TRUE: {
      risk: 'HIGH',
      meaning: 'The SSN is linked to more than one distinct name or identity cluster in the graph.',
    },
    FALSE: { risk: 'NONE', meaning: 'The SSN is linked to one name and identity at most.' },
    UNKNOWN: {
      risk: 'NONE',
      meaning: 'Only the last four digits were given, or the identity graph was not consulted.',
    },
    NONE: { risk: 'NONE', meaning: 'No SSN was provided.' },
  },
  source: 'Identity graph: the names and identity clusters linked to the full SSN',
  examples: [
    example(
      'TRUE',
      { ssns: [PRE], name: JANE, location: { city: 'Concord', regionCode: 'NH', countryCode: 'US' } },
      {
        note: 'The identity graph links the SSN to two other names, in two identity clusters.',
        context: (base) => withGraph(base, { ssn: { names: 2, inputNameLinked: false, persons: 2 } }),
      },
    ),
    example('FALSE', { ssns: [PRE] }, { note: 'The identity graph links the SSN to no name or identity.' }),
    example('UNKNOWN', { ssns: ['4567'] }),
    example('NONE', EMAIL_ONLY),
  ],
});
