import type { MxAnswer } from '@/lib/engine/dns/types';
import {
  type CheckExample,
  type ContextBuilder,
  type ExampleExtras,
  example,
  NO_GRAPH,
} from '../check-example';
import { ago, daysAgo, type Span, seen, spanText, withGraph, withMx, yearsAgo } from '../context';
import { EMAIL_ONLY, JANE, PHONE_ONLY } from '../requests';

/** The SHA-256 digest of jane.doe@gmail.com: the address, its domain and local part stay hidden. */
const HASHED = { email: '831f6494ad6be4fcb3a724c3d5fef22d3ceffa3c62ef3a7984e45a0ea177f982' } as const;

const sighted = (note: string, first: number, last: number): ExampleExtras => ({
  note,
  context: (base) => withGraph(base, { emails: [seen(first, last, 12)] }),
});

const firstSeen = (span: Span) =>
  sighted(`The graph first saw the email ${spanText(span)} before the clock.`, ago(span), daysAgo(2));
const lastSeen = (span: Span) =>
  sighted(
    `The graph last saw the email ${spanText(span)} before the clock (first 9 years before).`,
    yearsAgo(9),
    ago(span),
  );

/** The base context with the DNS answer for one domain replaced. */
const mxAnswer =
  (domain: string, answer: MxAnswer): ContextBuilder =>
  (base) =>
    withMx(base, domain, answer);

const NEVER = { note: 'The identity graph has never seen the email.' };
const DNS_FAILS = {
  note: 'The DNS lookup of acme-widgets.com times out.',
  context: mxAnswer('acme-widgets.com', { kind: 'error', reason: 'timed out' }),
} as const satisfies ExampleExtras;
const NO_DNS = {
  note: 'DNS is not consulted (a context without MX answers).',
  context: (base) => ({ ...base, mx: null }),
  risk: { level: 'NONE', why: 'awaiting its source' },
} as const satisfies ExampleExtras;

const BUSINESS = { email: 'jane.doe@acme-widgets.com' } as const;
/** No top-level domain: EMAIL_INVALID carries it, the checks that read the address do not judge it. */
const MALFORMED = { email: 'jane.doe@gmail' } as const;
const NOT_JUDGED = { note: 'The address is malformed: EMAIL_INVALID TRUE carries that fact.' };

export const emailExamples: CheckExample[] = [
  example('EMAIL_DELIVERABILITY', 'TRUE', EMAIL_ONLY, { note: 'DNS gives gmail.com an MX host.' }),
  example(
    'EMAIL_DELIVERABILITY',
    'FALSE',
    { email: 'jane.doe@acme-widgets-gone.com' },
    {
      note: 'DNS says acme-widgets-gone.com does not exist (NXDOMAIN).',
      context: mxAnswer('acme-widgets-gone.com', { kind: 'none', reason: 'NXDOMAIN' }),
    },
  ),
  example('EMAIL_DELIVERABILITY', 'UNKNOWN', BUSINESS, DNS_FAILS),
  example(
    'EMAIL_DELIVERABILITY',
    'UNKNOWN',
    { email: 'jane.doe@mailinator.com' },
    { note: 'DNS gives mailinator.com (a disposable provider) an MX host.' },
  ),
  // Awaiting DNS is UNKNOWN at NONE, which is also the state's own (derived) risk: no override.
  example('EMAIL_DELIVERABILITY', 'UNKNOWN', EMAIL_ONLY, { note: NO_DNS.note, context: NO_DNS.context }),
  example('EMAIL_DELIVERABILITY', 'NONE', HASHED),
  example('EMAIL_DELIVERABILITY', 'NONE', MALFORMED, NOT_JUDGED),

  example('EMAIL_FIRST_SEEN', 'NEW', EMAIL_ONLY, firstSeen({ days: 10 })),
  example('EMAIL_FIRST_SEEN', 'RECENT', EMAIL_ONLY, firstSeen({ days: 200 })),
  example('EMAIL_FIRST_SEEN', 'OLDER', EMAIL_ONLY, firstSeen({ years: 3 })),
  example('EMAIL_FIRST_SEEN', 'LONG_AGO', EMAIL_ONLY, firstSeen({ years: 8 })),
  example('EMAIL_FIRST_SEEN', 'UNKNOWN', EMAIL_ONLY, NEVER),
  example('EMAIL_FIRST_SEEN', 'NONE', PHONE_ONLY),

  example('EMAIL_INVALID', 'TRUE', MALFORMED),
  example(
    'EMAIL_INVALID',
    'TRUE',
    { email: 'z@co.c' },
    { note: 'A top-level domain has two characters or more.' },
  ),
  example(
    'EMAIL_INVALID',
    'TRUE',
    { email: `${'\uff4a'.repeat(25)}@gmail.com` },
    { note: 'The local part is 25 full-width letters: 75 octets of UTF-8, over the 64 allowed.' },
  ),
  example('EMAIL_INVALID', 'FALSE', EMAIL_ONLY),
  example(
    'EMAIL_INVALID',
    'FALSE',
    { email: 'jane.doe@\uff47\uff4d\uff41\uff49\uff4c\uff0e\uff43\uff4f\uff4d' },
    { note: 'A full-width domain maps to gmail.com (UTS 46) before it is judged and hashed.' },
  ),
  example('EMAIL_INVALID', 'NONE', PHONE_ONLY),
  example('EMAIL_INVALID', 'NONE', HASHED),

  example('EMAIL_LAST_SEEN', 'RECENT', EMAIL_ONLY, lastSeen({ days: 20 })),
  example('EMAIL_LAST_SEEN', 'OLDER', EMAIL_ONLY, lastSeen({ years: 2 })),
  example('EMAIL_LAST_SEEN', 'LONG_AGO', EMAIL_ONLY, lastSeen({ years: 7 })),
  example('EMAIL_LAST_SEEN', 'UNKNOWN', EMAIL_ONLY, NEVER),
  example('EMAIL_LAST_SEEN', 'NONE', PHONE_ONLY),

  example('EMAIL_NEVER_SEEN', 'TRUE', EMAIL_ONLY, NEVER),
  example('EMAIL_NEVER_SEEN', 'FALSE', EMAIL_ONLY, firstSeen({ days: 200 })),
  example('EMAIL_NEVER_SEEN', 'UNKNOWN', EMAIL_ONLY, NO_GRAPH),
  example('EMAIL_NEVER_SEEN', 'NONE', PHONE_ONLY),

  example('EMAIL_NO_MX_RECORD', 'TRUE', BUSINESS, {
    note: 'acme-widgets.com publishes a null MX (RFC 7505).',
    context: mxAnswer('acme-widgets.com', { kind: 'none', reason: 'NULL_MX' }),
  }),
  example('EMAIL_NO_MX_RECORD', 'FALSE', EMAIL_ONLY, { note: 'DNS gives gmail.com an MX host.' }),
  example('EMAIL_NO_MX_RECORD', 'UNKNOWN', BUSINESS, DNS_FAILS),
  example('EMAIL_NO_MX_RECORD', 'UNKNOWN', EMAIL_ONLY, NO_DNS),
  example('EMAIL_NO_MX_RECORD', 'NONE', HASHED),

  example('EMAIL_TYPE', 'DISPOSABLE', { email: 'jane.doe@mailinator.com' }),
  example('EMAIL_TYPE', 'BUSINESS', BUSINESS),
  example('EMAIL_TYPE', 'FREE', EMAIL_ONLY),
  example('EMAIL_TYPE', 'EDUCATION', { email: 'jdoe@mit.edu' }),
  example('EMAIL_TYPE', 'GOVERNMENT', { email: 'jane.doe@irs.gov' }),
  example('EMAIL_TYPE', 'UNKNOWN', HASHED),
  example('EMAIL_TYPE', 'NONE', PHONE_ONLY),
  example('EMAIL_TYPE', 'NONE', MALFORMED, NOT_JUDGED),

  example('EMAIL_USER_PORTION', 'NAME_BASED', { email: 'jdoe84@gmail.com', name: JANE }),
  example('EMAIL_USER_PORTION', 'ROLE', { email: 'info@acme-widgets.com' }),
  example('EMAIL_USER_PORTION', 'NUMERIC', { email: '48213377@gmail.com' }),
  example('EMAIL_USER_PORTION', 'RANDOM', { email: 'x7kq9z2m@gmail.com' }),
  example('EMAIL_USER_PORTION', 'OTHER', { email: 'sunflower@gmail.com' }),
  example('EMAIL_USER_PORTION', 'UNKNOWN', HASHED),
  example('EMAIL_USER_PORTION', 'NONE', PHONE_ONLY),
  example('EMAIL_USER_PORTION', 'NONE', MALFORMED, NOT_JUDGED),
];
