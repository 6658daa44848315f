// EMAIL_INVALID (Email): email invalid.
// Decided in ../email.ts, which runs the package's checks together.
import { defineCheck, example } from '../check-def';
import { EMAIL_ONLY, PHONE_ONLY } from '../example-kit';
import { HASHED, MALFORMED } from '../example-kits/email';

export const emailInvalid = defineCheck({
  id: 'EMAIL_INVALID',
  checkPackage: 'Email',
  name: 'Email invalid',
  states: {
    TRUE: {
      risk: 'HIGH',
      meaning:
        'A cleartext address fails the syntax of RFC 5322 and RFC 6531: lengths in octets of UTF-8, ' +
        'a domain judged after UTS 46 mapping, a top-level label of two characters or more.',
    },
    FALSE: { risk: 'NONE', meaning: 'Every cleartext address is well formed (digests are not judged).' },
    NONE: {
      risk: 'NONE',
      meaning: 'No email was provided, or only digests, whose syntax cannot be checked.',
    },
  },
  source:
    'The request: RFC 5322/6531 address syntax, lengths in octets of UTF-8 as sent, the domain after ' +
    'UTS 46 mapping, the characters after lookalike folding',
  examples: [
    example('TRUE', MALFORMED),
    example('TRUE', { email: 'z@co.c' }, { note: 'A top-level domain has two characters or more.' }),
    example(
      'TRUE',
      { email: `${'\uff4a'.repeat(25)}@gmail.com` },
      { note: 'The local part is 25 full-width letters: 75 octets of UTF-8, over the 64 allowed.' },
    ),
    example('FALSE', EMAIL_ONLY),
    example(
      'FALSE',
      { email: 'jane.doe@\uff47\uff4d\uff41\uff49\uff4c\uff0e\uff43\uff4f\uff4d' },
      { note: 'A full-width domain maps to gmail.com (UTS 46) before it is judged and hashed.' },
    ),
    example('NONE', PHONE_ONLY),
    example('NONE', HASHED),
  ],
});
