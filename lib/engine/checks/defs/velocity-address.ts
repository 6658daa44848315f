// VELOCITY_ADDRESS (Synthetic Identity): how many other identities used the street address lately.
// Decided in ../velocity.ts from counts the services layer keeps as Verify calls are written.
import { defineCheck, example } from '../check-def';
import { EMAIL_ONLY, JANE } from '../example-kit';
import { HOME } from '../example-kits/synthetic-identity';
import { NO_VELOCITY, othersUsed, VELOCITY_SOURCE, velocityStates } from '../example-kits/velocity';

const REQUEST = { name: JANE, location: HOME } as const;

// Beyond the 37 core checks (docs/api/operations.md): fraud rings reuse one street address with fresh names.
export const velocityAddress = defineCheck({
  id: 'VELOCITY_ADDRESS',
  checkPackage: 'Synthetic Identity',
  name: 'Identities per street address',
  states: velocityStates(
    'address',
    'street address',
    { elevated: 'MED', burst: 'HIGH' },
    'a household shares its address with one to three people over years and rarely gains several new ones in a week; three applicants within an hour (the third of a ring sent within minutes), three new ones in a day or five in a month are more than any household adds. A family applying together within an hour is the rare false positive.',
  ),
  source: VELOCITY_SOURCE,
  examples: [
    example(
      'BURST',
      REQUEST,
      othersUsed('address', 'street address', { hour: 2, day: 2, week: 2, month: 2 }),
    ),
    example('ELEVATED', REQUEST, othersUsed('address', 'street address', { week: 2, month: 2 })),
    example('NORMAL', REQUEST, othersUsed('address', 'street address', { month: 1 })),
    example('UNKNOWN', REQUEST, NO_VELOCITY),
    example('NONE', EMAIL_ONLY),
  ],
});
