// SYNTHETIC_NAME_ADDRESS_NO_MATCH (Synthetic Identity): name and address do not match.
// Decided in ../synthetic-identity.ts, which runs the package's checks together.
import { defineCheck, example } from '../check-def';
import { EMAIL_ONLY, JANE } from '../example-kit';
import { HOME, residents } from '../example-kits/synthetic-identity';

export const syntheticNameAddressNoMatch = defineCheck({
  id: 'SYNTHETIC_NAME_ADDRESS_NO_MATCH',
  checkPackage: 'Synthetic Identity',
  name: 'Name and address do not match',
  states: {
    TRUE: { risk: 'MED', meaning: 'People are known at this address, none of them by this name.' },
    FALSE: { risk: 'NONE', meaning: 'This name is among the people known at this address.' },
    UNKNOWN: {
      risk: 'NONE',
      meaning: 'The street address, or anyone at it, is not known to the identity graph yet.',
    },
    NONE: { risk: 'NONE', meaning: 'No name or no address was provided.' },
  },
  source: 'Identity graph: the names linked to the street address',
  examples: [
    example('TRUE', { name: JANE, location: HOME }, residents(2, false)),
    example('FALSE', { name: JANE, location: HOME }, residents(2, true)),
    example(
      'UNKNOWN',
      { name: JANE, location: HOME },
      { note: 'The identity graph does not know 350 Oak Street, San Francisco, 94102.' },
    ),
    example('NONE', EMAIL_ONLY),
  ],
});
