// LOCATION_COUNTRY_RISK (Location): country risk.
// Decided in ../location.ts, which runs the package's checks together.
import { defineCheck, example } from '../check-def';
import { EMAIL_ONLY } from '../example-kit';
import { FATF_PUBLISHED } from '../fatf-lists';

export const locationCountryRisk = defineCheck({
  id: 'LOCATION_COUNTRY_RISK',
  checkPackage: 'Location',
  name: 'Country risk',
  states: {
    HIGH: { risk: 'HIGH', meaning: 'FATF high-risk jurisdiction subject to a call for action.' },
    MED: { risk: 'MED', meaning: 'FATF jurisdiction under increased monitoring.' },
    // Pinned at LOW, yet most applicants' countries are on neither list: it weighs 0 (docs/risk.md).
    LOW: { risk: 'LOW', weight: 0, meaning: 'A country on neither FATF list.', pinned: true },
    NONE: { risk: 'NONE', meaning: 'No country was provided.' },
  },
  source: `FATF public statements of ${FATF_PUBLISHED} (call for action, increased monitoring), built in`,
  examples: [
    example('HIGH', { ...EMAIL_ONLY, location: { countryCode: 'IR' } }),
    example('MED', { ...EMAIL_ONLY, location: { countryCode: 'VN' } }),
    example('LOW', { ...EMAIL_ONLY, location: { countryCode: 'US' } }),
    example('NONE', EMAIL_ONLY),
  ],
});
