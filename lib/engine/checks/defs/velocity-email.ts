// VELOCITY_EMAIL (Synthetic Identity): how many other identities used the email lately.
// Decided in ../velocity.ts from counts the services layer keeps as Verify calls are written.
import { defineCheck, example } from '../check-def';
import { EMAIL_ONLY, JANE, PHONE_ONLY } from '../example-kit';
import { NO_VELOCITY, othersUsed, VELOCITY_SOURCE, velocityStates } from '../example-kits/velocity';

const REQUEST = { ...EMAIL_ONLY, name: JANE } as const;

// Beyond the 37 core checks (docs/api/operations.md): fraud rings reuse one email with fresh names.
export const velocityEmail = defineCheck({
  id: 'VELOCITY_EMAIL',
  checkPackage: 'Synthetic Identity',
  name: 'Identities per email',
  states: velocityStates(
    'email',
    'email',
    { elevated: 'MED', burst: 'HIGH' },
    'one person reads one mailbox, so two new identities on it in a day or three in a week is a ring sending fresh names (the third application of one within minutes).',
  ),
  source: VELOCITY_SOURCE,
  examples: [
    example('BURST', REQUEST, othersUsed('email', 'email', { hour: 2, day: 2, week: 2, month: 2 })),
    example('ELEVATED', REQUEST, othersUsed('email', 'email', { month: 1 })),
    example('NORMAL', REQUEST, { note: 'No other identity used the email in the last 30 days.' }),
    example('UNKNOWN', REQUEST, NO_VELOCITY),
    example('NONE', PHONE_ONLY),
  ],
});
