// DIGITAL_SOCIAL_NETWORK_NON_US (Digital): social profiles outside the US.
// Decided in ../digital.ts, which runs the package's checks together.
import { defineCheck, example } from '../check-def';
import { awaiting } from '../common-states';
import { EMAIL_ONLY, NO_GRAPH, profile, yearsAgo } from '../example-kit';
import { NO_PROFILE, profiles } from '../example-kits/digital';
import { PROFILES } from '../source-phrases';

export const digitalSocialNetworkNonUs = defineCheck({
  id: 'DIGITAL_SOCIAL_NETWORK_NON_US',
  checkPackage: 'Digital',
  name: 'Social profiles outside the US',
  states: {
    TRUE: { risk: 'LOW', meaning: 'Every linked social profile that states a country is outside the US.' },
    FALSE: { risk: 'NONE', meaning: 'A linked social profile is in the US.' },
    UNKNOWN: awaiting,
    NONE: { risk: 'NONE', meaning: 'No email, phone or profile, or no linked profile states a country.' },
  },
  source: `Identity graph: countries of the ${PROFILES}`,
  examples: [
    example(
      'TRUE',
      EMAIL_ONLY,
      profiles('The identity has two social profiles, stating GB and DE.', [
        profile('github', yearsAgo(4), 'GB'),
        profile('x', yearsAgo(2), 'DE'),
      ]),
    ),
    example(
      'FALSE',
      EMAIL_ONLY,
      profiles('The identity has two social profiles, stating US and GB.', [
        profile('github', yearsAgo(4), 'US'),
        profile('x', yearsAgo(2), 'GB'),
      ]),
    ),
    example('UNKNOWN', EMAIL_ONLY, NO_GRAPH),
    example('NONE', EMAIL_ONLY, NO_PROFILE),
  ],
});
