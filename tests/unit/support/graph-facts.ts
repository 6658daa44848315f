// Hand-built GraphFacts for the graph checks' unit tests, relative to the fixed clock of `ctx`.
import type {
  GraphFacts,
  PersonSummary,
  PhoneFacts,
  PhoneRecordFacts,
  SeenFacts,
  SocialProfileFacts,
} from '@/lib/engine/graph/facts';
import type { CheckContext } from '@/lib/engine/types';
import { ctx } from './normalized-request';

export const NOW_MS = ctx.now.getTime();
export const DAY = 86_400_000;
export const YEAR = 365.25 * DAY;

/** An instant `days` before the test clock. */
export const daysAgo = (days: number): number => NOW_MS - days * DAY;
export const yearsAgo = (years: number): number => NOW_MS - years * YEAR;

/** Facts with nothing known, plus `overrides`. */
export function graphFacts(overrides: Partial<GraphFacts> = {}): GraphFacts {
  return {
    emails: [],
    phones: [],
    breaches: [],
    person: null,
    connectivity: { hub: false, maxLinkCount: 0, linkLimit: 25 },
    address: null,
    ssn: null,
    ...overrides,
  };
}

/** The test context with these facts. */
export function withGraph(overrides: Partial<GraphFacts> = {}): CheckContext {
  return { ...ctx, graph: graphFacts(overrides) };
}

export function seen(firstMs: number, lastMs = firstMs, observations = 1): SeenFacts {
  return { firstSeenMs: firstMs, lastSeenMs: lastMs, observations };
}

export function record(
  observedAtMs: number,
  lineType: PhoneRecordFacts['lineType'],
  carrier: string | null = 'Carrier A',
  dno: PhoneRecordFacts['dno'] = null,
): PhoneRecordFacts {
  return { observedAtMs, lineType, carrier, dno };
}

export function phoneFacts(records: PhoneRecordFacts[] = [], seenFacts: SeenFacts | null = null): PhoneFacts {
  return { seen: seenFacts, records };
}

export function person(overrides: Partial<PersonSummary> = {}): PersonSummary {
  return { identifiers: 1, observedIdentifiers: 1, oldestSighting: null, profiles: [], ...overrides };
}

export function profile(
  createdAtMs: number | null,
  country: string | null = 'US',
  service = 'social',
): SocialProfileFacts {
  return { service, createdAtMs, country };
}
