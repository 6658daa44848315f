// The check context every example of docs/checks.md runs in, and small builders for the graph
// facts an example needs. Sources that ship in npm packages (geoip-country, zipcodes) are used as
// they are; sources imported into the database (identity graph, IP lists, sanctions, SSA tables,
// DNS answers) are stood in for by the few hand-made rows below, which the doc's intro names.
import { DESIGNATED, DESIGNATED_COMMON, EXAMPLE_NOW, SSA_ROWS } from '@/lib/engine/checks/example-kit';
import { SANCTION_LISTS } from '@/lib/engine/checks/example-kits/identity';
import type { MxAnswer } from '@/lib/engine/dns/types';
import type { GraphFacts } from '@/lib/engine/graph/facts';
import { buildSanctionsScreen } from '@/lib/engine/sanctions/screen';
import type { SanctionListId, SanctionSource } from '@/lib/engine/sanctions/types';
import { buildSsaTables } from '@/lib/engine/ssa/tables';
import type { CheckContext, NormalizedRequest } from '@/lib/engine/types';
import { EMPTY_VELOCITY } from '@/lib/engine/velocity/facts';
import { CidrIndex } from '@/lib/reference/cidr-index';
import { HUB_LINK_LIMIT } from '@/lib/services/graph/observe';
import { geoipCountryLookup } from '@/lib/services/reference/geo-sources';
import { zipPostalLookup } from '@/lib/services/reference/postal-zip';

// The clock, the designated persons, the SSA rows and the graph-fact builders live beside the
// check definitions (lib/engine/checks/example-kit.ts), whose examples use them.
export {
  DESIGNATED,
  daysAgo,
  EXAMPLE_NOW,
  person,
  phoneFacts,
  profile,
  record,
  SSA_ROWS,
  seen,
  withGraph,
  yearsAgo,
} from '@/lib/engine/checks/example-kit';
export { SANCTION_LISTS } from '@/lib/engine/checks/example-kits/identity';

// ------------------------------------------------------------------------------------------
// Hand-made reference rows.

export const IP_LISTS = [
  { name: 'tor/exit-addresses', type: 'TOR', publishedAt: null, entries: ['185.220.101.0/24'] },
  { name: 'x4bnet-vpn/ipv4.txt', type: 'VPN', publishedAt: null, entries: ['2.26.157.0/24'] },
  { name: 'aws/ip-ranges.json', type: 'DATA_CENTER', publishedAt: null, entries: ['3.5.140.0/22'] },
  { name: 'x4bnet-datacenter/ipv4.txt', type: 'DATA_CENTER', publishedAt: null, entries: ['172.224.0.0/12'] },
  {
    name: 'icloud-private-relay/egress-ip-ranges.csv',
    type: 'PRIVACY_RELAY',
    publishedAt: null,
    entries: ['172.224.226.0/27'],
  },
] as const;

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

/** Every source loaded; the graph knows nothing of the request; every email domain has an MX; the lists match nothing. */
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
    // No identity besides the applicant's used its identifiers: the velocity checks are NORMAL.
    velocity: EMPTY_VELOCITY,
    // The workspace's lists were read and hold none of the request's values.
    lists: [],
  };
}

// ------------------------------------------------------------------------------------------
// Builders an example's context function uses.
