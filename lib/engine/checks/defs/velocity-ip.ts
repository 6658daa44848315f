// VELOCITY_IP (Synthetic Identity): how many other identities used the IP address lately.
// Decided in ../velocity.ts from counts the services layer keeps as Verify calls are written.
import { defineCheck, example } from '../check-def';
import { EMAIL_ONLY, IP_ONLY, JANE } from '../example-kit';
import { NO_VELOCITY, othersUsed, VELOCITY_SOURCE, velocityStates } from '../example-kits/velocity';

const REQUEST = { ...IP_ONLY, name: JANE } as const;

// Beyond the 37 core checks (docs/api/operations.md): fraud rings reuse one IP address with fresh names.
export const velocityIp = defineCheck({
  id: 'VELOCITY_IP',
  checkPackage: 'Synthetic Identity',
  name: 'Identities per IP address',
  states: velocityStates(
    'ip',
    'IP address',
    { elevated: 'MED', burst: 'MED' },
    'an address behind carrier NAT, a campus, a relay or a VPN exit is shared by strangers, so it takes many new identities within an hour or a day, and weighs less than a phone.',
    2.6,
  ),
  source: VELOCITY_SOURCE,
  examples: [
    example('BURST', REQUEST, othersUsed('ip', 'IP address', { hour: 5, day: 5, week: 5, month: 5 })),
    example('ELEVATED', REQUEST, othersUsed('ip', 'IP address', { hour: 2, day: 2, week: 2, month: 2 })),
    example('NORMAL', REQUEST, othersUsed('ip', 'IP address', { hour: 1, day: 2, week: 6, month: 20 })),
    example('UNKNOWN', REQUEST, NO_VELOCITY),
    example('NONE', EMAIL_ONLY),
  ],
});
