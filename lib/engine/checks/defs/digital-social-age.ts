// DIGITAL_SOCIAL_AGE (Digital): social profile age.
// Decided in ../digital.ts, which runs the package's checks together.
import { defineCheck, example } from '../check-def';
import { ageStates } from '../common-states';
import { EMAIL_ONLY, NO_GRAPH } from '../example-kit';
import { NO_PROFILE, oneProfile, twoProfiles } from '../example-kits/digital';
import { PROFILES } from '../source-phrases';

export const digitalSocialAge = defineCheck({
  id: 'DIGITAL_SOCIAL_AGE',
  checkPackage: 'Digital',
  name: 'Social profile age',
  states: ageStates,
  source: `Identity graph: creation dates of the ${PROFILES}`,
  examples: [
    example('NEW', EMAIL_ONLY, twoProfiles({ days: 100 }, { days: 200 })),
    example('RECENT', EMAIL_ONLY, oneProfile(3)),
    example('OLDER', EMAIL_ONLY, oneProfile(8)),
    example('UNKNOWN', EMAIL_ONLY, NO_GRAPH),
    example('NONE', EMAIL_ONLY, NO_PROFILE),
  ],
});
