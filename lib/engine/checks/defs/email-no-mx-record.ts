// EMAIL_NO_MX_RECORD (Email): email domain without MX record.
// Decided in ../email.ts, which runs the package's checks together.
import { defineCheck, example } from '../check-def';
import { EMAIL_ONLY } from '../example-kit';
import { BUSINESS, DNS_FAILS, HASHED, mxAnswer, NO_DNS } from '../example-kits/email';

export const emailNoMxRecord = defineCheck({
  id: 'EMAIL_NO_MX_RECORD',
  checkPackage: 'Email',
  name: 'Email domain without MX record',
  states: {
    TRUE: {
      risk: 'HIGH',
      meaning:
        'An email domain has no mail exchanger: it does not exist (NXDOMAIN), has no MX, A or AAAA record, ' +
        'or publishes a null MX (RFC 7505).',
    },
    FALSE: {
      risk: 'NONE',
      meaning:
        'Every looked-up domain has a mail exchanger: MX records, or else an A/AAAA record (RFC 5321 implicit MX).',
    },
    UNKNOWN: {
      risk: 'LOW',
      weight: 0.1,
      meaning:
        'The DNS lookup timed out or failed (SERVFAIL, REFUSED, or a resolver that cannot find the root zone, ' +
        'whose "does not exist" is not trusted).',
    },
    NONE: {
      risk: 'NONE',
      meaning:
        'No well-formed cleartext email to look up: none at all, or only digests and malformed ' +
        'addresses (EMAIL_INVALID carries those).',
    },
  },
  source: 'DNS lookup of the domain: MX records, else A/AAAA (RFC 5321 implicit MX)',
  examples: [
    example('TRUE', BUSINESS, {
      note: 'acme-widgets.com publishes a null MX (RFC 7505).',
      context: mxAnswer('acme-widgets.com', { kind: 'none', reason: 'NULL_MX' }),
    }),
    example('FALSE', EMAIL_ONLY, { note: 'DNS gives gmail.com an MX host.' }),
    example('UNKNOWN', BUSINESS, DNS_FAILS),
    example('UNKNOWN', EMAIL_ONLY, NO_DNS),
    example('NONE', HASHED),
  ],
});
