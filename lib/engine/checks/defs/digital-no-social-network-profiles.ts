// DIGITAL_NO_SOCIAL_NETWORK_PROFILES (Digital): no social network profiles.
// Decided in ../digital.ts, which runs the package's checks together.
import { defineCheck, example } from '../check-def';
import { awaiting, noInput } from '../common-states';
import { EMAIL_ONLY, IP_ONLY, NO_GRAPH } from '../example-kit';
import { NO_PROFILE, oneProfile } from '../example-kits/digital';
import { PROFILES } from '../source-phrases';

export const digitalNoSocialNetworkProfiles = defineCheck({
  id: 'DIGITAL_NO_SOCIAL_NETWORK_PROFILES',
  checkPackage: 'Digital',
  name: 'No social network profiles',
  states: {
    TRUE: {
      risk: 'LOW',
      meaning: 'The request carries no social profile and the identity graph links none to the identity.',
    },
    FALSE: {
      risk: 'NONE',
      meaning: 'The request carries a social profile, or the identity graph links one to the identity.',
    },
    UNKNOWN: awaiting,
    NONE: noInput,
  },
  source: `The request's own profiles; identity graph: ${PROFILES}`,
  examples: [
    example('TRUE', EMAIL_ONLY, NO_PROFILE),
    example('FALSE', EMAIL_ONLY, oneProfile(8)),
    example(
      'FALSE',
      { ...EMAIL_ONLY, profiles: [{ service: 'github', username: 'janedoe' }] },
      { note: 'The request carries a profile; the identity graph has no record of it yet.' },
    ),
    example('UNKNOWN', EMAIL_ONLY, NO_GRAPH),
    example('NONE', IP_ONLY),
  ],
});
