// EMAIL_TYPE (Email): email type.
// Decided in ../email.ts, which runs the package's checks together.
import { defineCheck, example } from '../check-def';
import { EMAIL_ONLY, PHONE_ONLY } from '../example-kit';
import { BUSINESS, HASHED, MALFORMED, NOT_JUDGED } from '../example-kits/email';

export const emailType = defineCheck({
  id: 'EMAIL_TYPE',
  checkPackage: 'Email',
  name: 'Email type',
  states: {
    DISPOSABLE: { risk: 'HIGH', weight: 3.4, meaning: 'The domain is on the disposable-email-domains list.' },
    BUSINESS: {
      risk: 'MED',
      weight: 0.3,
      meaning: 'The domain is none of privacy relay, disposable, free, education or government.',
      pinned: true,
    },
    FREE: {
      risk: 'LOW',
      weight: 0.1,
      meaning: 'The domain is a free mailbox provider (email-providers list).',
    },
    PRIVACY_RELAY: {
      risk: 'LOW',
      weight: 0.4,
      meaning:
        'A forwarding address of a privacy service (Apple Hide My Email, Firefox Relay, DuckDuckGo, ' +
        'SimpleLogin, addy.io): the mailbox behind it is hidden by design. Wins over the disposable list.',
    },
    EDUCATION: { risk: 'NONE', meaning: 'The domain is academic (.edu, .ac.xx, .edu.xx and similar).' },
    GOVERNMENT: {
      risk: 'NONE',
      meaning: 'The domain is governmental or military (.gov, .mil, .gov.xx...).',
    },
    UNKNOWN: { risk: 'NONE', meaning: 'No domain could be read: digests hide it.' },
    NONE: {
      risk: 'NONE',
      meaning:
        'No email was provided, or only malformed addresses, not judged here (EMAIL_INVALID carries them).',
    },
  },
  source:
    'built-in list of privacy relay domains (lib/engine/checks/privacy-relay-domains.ts), ' +
    'disposable-email-domains list, email-providers list (free providers), and built-in academic and ' +
    'government domain rules (.edu, .ac.xx, .gov, .mil, .int...)',
  examples: [
    example('DISPOSABLE', { email: 'jane.doe@mailinator.com' }),
    example('BUSINESS', BUSINESS),
    example('FREE', EMAIL_ONLY),
    example('PRIVACY_RELAY', { email: '48zvz1s5ck@privaterelay.appleid.com' }),
    example('PRIVACY_RELAY', { email: 'shop@jane.anonaddy.com' }),
    example('EDUCATION', { email: 'jdoe@mit.edu' }),
    example('GOVERNMENT', { email: 'jane.doe@irs.gov' }),
    example('UNKNOWN', HASHED),
    example('NONE', PHONE_ONLY),
    example('NONE', MALFORMED, NOT_JUDGED),
  ],
});
