// What the examples of the check definitions (defs/) build their requests and contexts from:
// a fixed clock, shared request bodies, hand-made reference rows and graph-fact builders. Pure,
// so the definitions stay in the engine; docs/examples builds the base context they start from.

import type { VerifyRequestInput } from '@/lib/contract/schemas/request';
import type { MxAnswer } from '../dns/types';
import type {
  ContactFacts,
  GraphFacts,
  PersonSummary,
  PhoneFacts,
  PhoneRecordFacts,
  SeenFacts,
  SocialProfileFacts,
} from '../graph/facts';
import type { CheckContext } from '../types';
import type { ExampleExtras } from './check-def';

/** The fixed clock of every example, so the document is the same on every run. */
export const EXAMPLE_NOW = new Date('2026-11-01T00:00:00Z');

const DAY_MS = 86_400_000;
const YEAR_MS = 365.25 * DAY_MS;

export const daysAgo = (days: number): number => EXAMPLE_NOW.getTime() - days * DAY_MS;
export const yearsAgo = (years: number): number => EXAMPLE_NOW.getTime() - years * YEAR_MS;

/** A span back from the clock, in days or in years (of 365.25 days). */
export type Span = { days: number } | { years: number };

export const ago = (span: Span): number => ('days' in span ? daysAgo(span.days) : yearsAgo(span.years));
export const spanText = (span: Span): string =>
  'days' in span ? `${span.days} days` : `${span.years} years`;

// Request bodies several examples share.
export const EMAIL_ONLY = { email: 'jane.doe@gmail.com' } as const satisfies VerifyRequestInput;
export const PHONE_ONLY = { phone: '+14155552671' } as const satisfies VerifyRequestInput;
/** A public US address on no IP list: no email, phone, profile, SSN or name. */
export const IP_ONLY = { ipAddress: '73.223.14.201' } as const satisfies VerifyRequestInput;
export const JANE = { given: 'Jane', family: 'Doe' } as const;

/** The graph was not consulted: every graph check answers UNKNOWN, awaiting it. */
export const NO_GRAPH = {
  note: 'The identity graph is not consulted (a context without it).',
  context: (base: CheckContext): CheckContext => ({ ...base, graph: null }),
} as const satisfies ExampleExtras;

/** A fictional designated person, on every list under its own entry id. */
export const DESIGNATED = { given: 'Viktor', family: 'Exemplarov', country: 'RU', city: 'Moscow' } as const;
/** A second entry of each list, on a common family name: name-only hits on it are weighed. */
export const DESIGNATED_COMMON = { given: 'Carlos', family: 'Garcia', country: 'MX', born: '1961' } as const;

/** Rows of the SSA tables of 2011-06-24: area 001 (New Hampshire) had reached group 11. */
export const SSA_ROWS = { highGroup: '001:11', area: '001-003:New Hampshire', asOf: '2011-06-24' } as const;

/** The context with these graph facts changed. */
export function withGraph(ctx: CheckContext, facts: Partial<GraphFacts>): CheckContext {
  if (ctx.graph === null) throw new Error('withGraph needs a consulted graph');
  return { ...ctx, graph: { ...ctx.graph, ...facts } };
}

/** The context with one domain's MX answer replaced. */
export function withMx(ctx: CheckContext, domain: string, answer: MxAnswer): CheckContext {
  return { ...ctx, mx: new Map([...(ctx.mx ?? []), [domain, answer]]) };
}

export const seen = (firstMs: number, lastMs = firstMs, observations = 1): SeenFacts => ({
  firstSeenMs: firstMs,
  lastSeenMs: lastMs,
  observations,
});

export const record = (
  observedAtMs: number,
  lineType: PhoneRecordFacts['lineType'],
  carrier: string | null,
  dno: PhoneRecordFacts['dno'] = null,
): PhoneRecordFacts => ({ observedAtMs, lineType, carrier, dno });

export const phoneFacts = (records: PhoneRecordFacts[], seenFacts: SeenFacts | null = null): PhoneFacts => ({
  seen: seenFacts,
  records,
});

/** An established email's identity holding the request's phone and address, unless overridden. */
export const contactFacts = (overrides: Partial<ContactFacts> = {}): ContactFacts => ({
  emailFirstSeenMs: yearsAgo(6),
  identityPhones: 1,
  heldPhones: 1,
  newPhones: 0,
  identityAddresses: 1,
  addressKnown: true,
  ...overrides,
});

/** An identity the graph resolved the request to, with one observed identifier by default. */
export const person = (overrides: Partial<PersonSummary> = {}): PersonSummary => ({
  identifiers: 1,
  observedIdentifiers: 1,
  oldestSighting: null,
  profiles: [],
  ...overrides,
});

export const profile = (
  service: string,
  createdAtMs: number | null,
  country: string | null = 'US',
): SocialProfileFacts => ({ service, createdAtMs, country });
