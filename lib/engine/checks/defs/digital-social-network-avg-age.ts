// DIGITAL_SOCIAL_NETWORK_AVG_AGE (Digital): average social profile age.
// Decided in ../digital.ts, which runs the package's checks together.
import { defineCheck, example } from '../check-def';
import { ageStates } from '../common-states';
import { EMAIL_ONLY, NO_GRAPH } from '../example-kit';
import { NO_PROFILE, twoProfiles } from '../example-kits/digital';
import { PROFILES } from '../source-phrases';

export const digitalSocialNetworkAvgAge = defineCheck({
  id: 'DIGITAL_SOCIAL_NETWORK_AVG_AGE',
  checkPackage: 'Digital',
  name: 'Average social profile age',
  states: ageStates,
  source: `Identity graph: creation dates of the ${PROFILES}`,
  examples: [
    example('NEW', EMAIL_ONLY, twoProfiles({ days: 100 }, { days: 200 })),
    example('RECENT', EMAIL_ONLY, twoProfiles({ years: 1 }, { years: 5 })),
    example('OLDER', EMAIL_ONLY, twoProfiles({ years: 6 }, { years: 10 })),
    example('UNKNOWN', EMAIL_ONLY, NO_GRAPH),
    example('NONE', EMAIL_ONLY, NO_PROFILE),
  ],
});
