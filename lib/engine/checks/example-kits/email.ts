// The Email examples' shared requests and contexts (lib/engine/checks/defs/email-*.ts).

import type { MxAnswer } from '../../dns/types';
import type { ContextBuilder, ExampleExtras } from '../check-def';
import { ago, daysAgo, type Span, seen, spanText, withGraph, withMx, yearsAgo } from '../example-kit';

/** The SHA-256 digest of jane.doe@gmail.com: the address, its domain and local part stay hidden. */
export const HASHED = { email: '831f6494ad6be4fcb3a724c3d5fef22d3ceffa3c62ef3a7984e45a0ea177f982' } as const;

export const sighted = (note: string, first: number, last: number): ExampleExtras => ({
  note,
  context: (base) => withGraph(base, { emails: [seen(first, last, 12)] }),
});

export const firstSeen = (span: Span) =>
  sighted(`The graph first saw the email ${spanText(span)} before the clock.`, ago(span), daysAgo(2));
export const lastSeen = (span: Span) =>
  sighted(
    `The graph last saw the email ${spanText(span)} before the clock (first 9 years before).`,
    yearsAgo(9),
    ago(span),
  );

/** The base context with the DNS answer for one domain replaced. */
export const mxAnswer =
  (domain: string, answer: MxAnswer): ContextBuilder =>
  (base) =>
    withMx(base, domain, answer);

export const NEVER = { note: 'The identity graph has never seen the email.' };
export const DNS_FAILS = {
  note: 'The DNS lookup of acme-widgets.com times out.',
  context: mxAnswer('acme-widgets.com', { kind: 'error', reason: 'timed out' }),
} as const satisfies ExampleExtras;
export const NO_DNS = {
  note: 'DNS is not consulted (a context without MX answers).',
  context: (base) => ({ ...base, mx: null }),
  risk: { level: 'NONE', why: 'awaiting its source' },
} as const satisfies ExampleExtras;

export const BUSINESS = { email: 'jane.doe@acme-widgets.com' } as const;
/** No top-level domain: EMAIL_INVALID carries it, the checks that read the address do not judge it. */
export const MALFORMED = { email: 'jane.doe@gmail' } as const;
export const NOT_JUDGED = { note: 'The address is malformed: EMAIL_INVALID TRUE carries that fact.' };
