// VELOCITY_SSN (Synthetic Identity): how many other identities used the SSN lately.
// Decided in ../velocity.ts from counts the services layer keeps as Verify calls are written.
import { defineCheck, example } from '../check-def';
import { EMAIL_ONLY, JANE } from '../example-kit';
import { PRE } from '../example-kits/synthetic-identity';
import { NO_VELOCITY, othersUsed, VELOCITY_SOURCE, velocityStates } from '../example-kits/velocity';

const REQUEST = { ssns: [PRE], name: JANE } as const;

// Beyond the 37 core checks (docs/api/operations.md): fraud rings reuse one SSN with fresh names.
export const velocitySsn = defineCheck({
  id: 'VELOCITY_SSN',
  checkPackage: 'Synthetic Identity',
  name: 'Identities per SSN',
  states: velocityStates(
    'ssn',
    'SSN',
    { elevated: 'MED', burst: 'HIGH' },
    'an SSN belongs to one person, so two new identities on it in a day or three in a week is a ring sending fresh names (the third application of one within minutes).',
  ),
  source: VELOCITY_SOURCE,
  examples: [
    example('BURST', REQUEST, othersUsed('ssn', 'SSN', { hour: 2, day: 2, week: 2, month: 2 })),
    example('ELEVATED', REQUEST, othersUsed('ssn', 'SSN', { month: 1 })),
    example('NORMAL', REQUEST, { note: 'No other identity used the SSN in the last 30 days.' }),
    example('UNKNOWN', REQUEST, NO_VELOCITY),
    example('NONE', EMAIL_ONLY),
  ],
});
