// The check context every example of docs/checks.md runs in, and small builders for the graph
// facts an example needs. Sources that ship in npm packages (geoip-country, zipcodes) are used as
// they are; sources imported into the database (identity graph, IP lists, sanctions, SSA tables,
// DNS answers) are stood in for by the few hand-made rows below, which the doc's intro names.
import type { MxAnswer } from '@/lib/engine/dns/types';
import type {
  GraphFacts,
  PersonSummary,
  PhoneFacts,
  PhoneRecordFacts,
  SeenFacts,
  SocialProfileFacts,
} from '@/lib/engine/graph/facts';
import { buildSanctionsScreen } from '@/lib/engine/sanctions/screen';
import type { SanctionListId, SanctionSource } from '@/lib/engine/sanctions/types';
import { buildSsaTables } from '@/lib/engine/ssa/tables';
import type { CheckContext, NormalizedRequest } from '@/lib/engine/types';
import { CidrIndex } from '@/lib/reference/cidr-index';
import { HUB_LINK_LIMIT } from '@/lib/services/graph/observe';
import { geoipCountryLookup } from '@/lib/services/reference/geo-sources';
import { zipPostalLookup } from '@/lib/services/reference/postal-zip';

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

// ------------------------------------------------------------------------------------------
// Hand-made reference rows.

export const IP_LISTS = [
  { name: 'tor/exit-addresses', type: 'TOR', publishedAt: null, entries: ['185.220.101.0/24'] },
  { name: 'x4bnet-vpn/ipv4.txt', type: 'VPN', publishedAt: null, entries: ['2.26.157.0/24'] },
  { name: 'aws/ip-ranges.json', type: 'DATA_CENTER', publishedAt: null, entries: ['3.5.140.0/22'] },
] as const;

/** A fictional designated person, on every list under its own entry id. */
export const DESIGNATED = { given: 'Viktor', family: 'Exemplarov', country: 'RU', city: 'Moscow' } as const;
/** A second entry of each list, on a common family name: name-only hits on it are weighed. */
export const DESIGNATED_COMMON = { given: 'Carlos', family: 'Garcia', country: 'MX', born: '1961' } as const;

export const SANCTION_LISTS: Readonly<Record<SanctionListId, { source: string; entryId: string }>> = {
  OFAC: { source: 'ofac-sdn/sdn.csv', entryId: '90001' },
  UN: { source: 'un/consolidated.xml', entryId: 'QDi.999' },
  EU: { source: 'eu/sanctions.csv', entryId: 'EU.9999.99' },
  UK: { source: 'uk/UK-Sanctions-List.csv', entryId: 'RUS9999' },
  CA: { source: 'canada/sema-lmes.xml', entryId: 'Russia 9999' },
};

function sanctionSource(list: SanctionListId): SanctionSource {
  const { source, entryId } = SANCTION_LISTS[list];
  return {
    list,
    name: source,
    publishedAt: new Date('2026-10-15T00:00:00Z'),
    entries: [
      {
        id: entryId,
        kind: 'individual',
        name: `${DESIGNATED.given} ${DESIGNATED.family}`,
        aliases: [],
        countries: [DESIGNATED.country],
        cities: [DESIGNATED.city],
        birthDates: ['1961'],
        programs: ['EXAMPLE'],
      },
      {
        id: `${entryId}-2`,
        kind: 'individual',
        name: `${DESIGNATED_COMMON.given} ${DESIGNATED_COMMON.family}`,
        aliases: [],
        countries: [DESIGNATED_COMMON.country],
        cities: [],
        birthDates: [DESIGNATED_COMMON.born],
        programs: ['EXAMPLE'],
      },
    ],
  };
}

const LIST_IDS: readonly SanctionListId[] = ['OFAC', 'UN', 'EU', 'UK', 'CA'];

/** The sanctions screen over every list but the `missing` ones. */
export function sanctionsScreen(missing: readonly SanctionListId[] = []) {
  return buildSanctionsScreen(LIST_IDS.filter((list) => !missing.includes(list)).map(sanctionSource));
}

/** Rows of the SSA tables of 2011-06-24: area 001 (New Hampshire) had reached group 11. */
export const SSA_ROWS = { highGroup: '001:11', area: '001-003:New Hampshire', asOf: '2011-06-24' } as const;

const ssaTables = buildSsaTables([
  {
    name: 'ssn/high-groups',
    kind: 'high-group',
    publishedAt: new Date(`${SSA_ROWS.asOf}T00:00:00Z`),
    entries: [SSA_ROWS.highGroup],
  },
  { name: 'ssn/areas', kind: 'area', publishedAt: null, entries: [SSA_ROWS.area] },
]);

// ------------------------------------------------------------------------------------------
// The identity graph as the services layer gathers it for a request it knows nothing about.

export function emptyGraph(input: NormalizedRequest): GraphFacts {
  return {
    emails: input.emails.map(() => null),
    phones: input.phones.map(() => ({ seen: null, records: [] })),
    breaches: [],
    person: null,
    connectivity: { hub: false, maxLinkCount: 0, linkLimit: HUB_LINK_LIMIT },
    address: input.location?.addressLine1 ? { known: false, names: 0, inputNameLinked: false } : null,
    ssn: input.ssn?.kind === 'full' ? { names: 0, inputNameLinked: false, persons: 0 } : null,
  };
}

/** MX answers for the well-formed cleartext email domains of the request: each receives mail. */
function mxAnswers(input: NormalizedRequest): Map<string, MxAnswer> {
  const answers = new Map<string, MxAnswer>();
  for (const email of input.emails) {
    if (email.form === 'cleartext' && email.valid && email.domain !== null) {
      answers.set(email.domain, { kind: 'mx', hosts: [`mx1.${email.domain}`], implicit: false });
    }
  }
  return answers;
}

const geo = geoipCountryLookup();
const postal = zipPostalLookup();
const ipLists = CidrIndex.build(IP_LISTS);
const sanctions = sanctionsScreen();

/** Every source loaded; the graph knows nothing of the request; every email domain has an MX. */
export function baseContext(input: NormalizedRequest): CheckContext {
  return {
    now: EXAMPLE_NOW,
    graph: emptyGraph(input),
    ipLists,
    sanctions,
    ssa: ssaTables,
    mx: mxAnswers(input),
    geo,
    postal,
  };
}

// ------------------------------------------------------------------------------------------
// Builders an example's context function uses.

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
