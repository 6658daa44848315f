// EMAIL_DELIVERABILITY (Email): email deliverability.
// Decided in ../email.ts, which runs the package's checks together.
import { defineCheck, example } from '../check-def';
import { EMAIL_ONLY } from '../example-kit';
import { BUSINESS, DNS_FAILS, HASHED, MALFORMED, mxAnswer, NO_DNS, NOT_JUDGED } from '../example-kits/email';

export const emailDeliverability = defineCheck({
  id: 'EMAIL_DELIVERABILITY',
  checkPackage: 'Email',
  name: 'Email deliverability',
  states: {
    // From syntax and DNS; no SMTP probe is made (most mail servers neither allow nor answer it truthfully).
    TRUE: {
      risk: 'NONE',
      meaning:
        'The address is well formed and its domain has a mail exchanger (MX, or an A/AAAA implicit MX). ' +
        'A role address (info@, sales@) stays TRUE: mail reaches its shared mailbox, and EMAIL_USER_PORTION reports the role.',
    },
    // Derived from the DNS answer EMAIL_NO_MX_RECORD already weighs (and from the disposable
    // provider EMAIL_TYPE weighs): a fact counts once, so these states add no risk of their own.
    FALSE: {
      risk: 'NONE',
      meaning:
        'The domain of a well-formed address cannot receive mail: it does not exist (NXDOMAIN), ' +
        'has no MX, A or AAAA record, or publishes a null MX (RFC 7505). EMAIL_NO_MX_RECORD TRUE carries the risk.',
    },
    UNKNOWN: {
      risk: 'NONE',
      meaning:
        'The DNS lookup of the domain failed, or the domain is a disposable provider: those take mail for any ' +
        'address and only for a while, so a mail exchanger shows no lasting mailbox. EMAIL_NO_MX_RECORD ' +
        'UNKNOWN carries a failed lookup, EMAIL_TYPE DISPOSABLE the disposable provider.',
    },
    NONE: {
      risk: 'NONE',
      meaning:
        'No well-formed cleartext email: none at all, only digests (which hide the address), or only ' +
        'malformed addresses, which are not judged here (EMAIL_INVALID carries them).',
    },
  },
  source:
    'DNS lookup of the domain of each well-formed address (MX, else A/AAAA); disposable-email-domains list',
  examples: [
    example('TRUE', EMAIL_ONLY, { note: 'DNS gives gmail.com an MX host.' }),
    example(
      'FALSE',
      { email: 'jane.doe@acme-widgets-gone.com' },
      {
        note: 'DNS says acme-widgets-gone.com does not exist (NXDOMAIN).',
        context: mxAnswer('acme-widgets-gone.com', { kind: 'none', reason: 'NXDOMAIN' }),
      },
    ),
    example('UNKNOWN', BUSINESS, DNS_FAILS),
    example(
      'UNKNOWN',
      { email: 'jane.doe@mailinator.com' },
      { note: 'DNS gives mailinator.com (a disposable provider) an MX host.' },
    ),
    // Awaiting DNS is UNKNOWN at NONE, which is also the state's own (derived) risk: no override.
    example('UNKNOWN', EMAIL_ONLY, { note: NO_DNS.note, context: NO_DNS.context }),
    example('NONE', HASHED),
    example('NONE', MALFORMED, NOT_JUDGED),
  ],
});
