// The realistic populations of `npm run bench:risk` (issue 30): honest applicants with the benign
// irregularities of real traffic at their real frequencies, synthetic identities, fraud rings and
// account takeovers. Built from public facts (sources in docs/risk.md, "Realistic traffic"), never
// from the engine's tables: what an irregularity looks like is what a real person would send.
import { faker } from '@faker-js/faker';
import { Rng } from '@/lib/seed/prng';
import {
  type Applicant,
  type ApplicantFactory,
  type ApplicantRequest,
  AREA_CODES,
  FOREIGN_RESIDENTIAL,
  ipIn,
  ipInPrefix,
  localNumber,
  type ReferenceFiles,
  randomLocal,
} from './risk-applicants';

/**
 * Benign irregularities and the share of honest applicants who show each (docs/risk.md cites the
 * figures): each honest applicant of this population carries one or two, drawn by these weights.
 */
export const IRREGULARITIES = [
  /** A number kept after a move to another state: about a third of mobile users (issue 30). */
  ['kept number', 0.3],
  /** Names of many origins: about 4 in 10 Americans are not non-Hispanic white (Census 2020). */
  ['name of another origin', 0.3],
  /** An apartment with its unit: a third of US households rent, most in multi-unit buildings (ACS). */
  ['apartment', 0.3],
  /** A commercial VPN: about a third of US adults use one for personal reasons (Security.org 2023). */
  ['VPN', 0.12],
  /** Sign in with Apple's Hide My Email: a relay address with a generated local part. */
  ['Hide My Email', 0.05],
  /** A business or office address (home business, ship-to-work). */
  ['business address', 0.05],
  /** Abroad on a trip: roughly 1 in 30 at any time (NTTO outbound travel, about 100 M trips a year). */
  ['trip abroad', 0.03],
] as const;
type Irregularity = (typeof IRREGULARITIES)[number][0];

/**
 * How often a returning customer's address and phone changed since the history began (2 to 9
 * years, 5.5 on average). Moves: 8 to 9 % of Americans a year (Census CPS, "Geographic Mobility",
 * 2019-2023), so about 40 % over 5.5 years. Numbers: the FCC counts about 35 million numbers
 * disconnected a year (Reassigned Numbers Database order, 2018) against over 400 million in
 * service, mostly prepaid and business churn; number portability keeps most people's own, so a
 * changed personal number over those years is taken as 1 in 10.
 */
export const SINCE_SIGN_UP = { moved: 0.4, newNumber: 0.1 } as const;

/**
 * Common given and family names of many origins (the Census 2010 surname list's top Hispanic,
 * Asian and Arab American names; SSA given-name lists), among them names shared with sanctioned
 * people, which is what a name-only sanctions match meets in real traffic.
 */
const ORIGINS: readonly [string, string][] = [
  ['Mustafa', 'Mansour'],
  ['Mohammed', 'Ali'],
  ['Ahmed', 'Hassan'],
  ['Abdullah', 'Khan'],
  ['Ali', 'Hussein'],
  ['Omar', 'Ahmed'],
  ['Fatima', 'Mohamed'],
  ['Jose', 'Garcia'],
  ['Maria', 'Rodriguez'],
  ['Luis', 'Hernandez'],
  ['Juan', 'Martinez'],
  ['Minh', 'Nguyen'],
  ['Thi', 'Tran'],
  ['Wei', 'Wang'],
  ['Li', 'Zhang'],
  ['Priya', 'Patel'],
  ['Raj', 'Singh'],
  ['Ji-woo', 'Kim'],
  ['Hyun', 'Park'],
  ['Ivan', 'Petrov'],
];

export interface RingMember {
  ring: number;
  /** 1 for the first application of the ring. */
  position: number;
  shared: string;
  applicant: Applicant;
}

export class PopulationFactory {
  private readonly rng: Rng;
  constructor(
    seed: number,
    private readonly base: ApplicantFactory,
    private readonly reference: ReferenceFiles,
  ) {
    this.rng = new Rng(seed);
    faker.seed(seed);
  }

  /**
   * An honest applicant, 40 % of them long-known, with one or two benign irregularities; a
   * long-known one may also have moved or changed numbers since the graph last saw their address
   * and phone (SINCE_SIGN_UP).
   */
  honest(): Applicant {
    const rng = this.rng;
    const applicant = this.base.ordinary(rng.chance(0.4));
    const count = rng.chance(0.7) ? 1 : 2;
    const chosen = new Set<Irregularity>();
    while (chosen.size < count) chosen.add(rng.weighted(IRREGULARITIES));
    for (const kind of chosen) this.irregular(kind, applicant.request);
    const since = applicant.history ? this.sinceSignUp(applicant) : [];
    return { ...applicant, flags: [...chosen, ...since] };
  }

  /** A returning customer's changes since the history: the old phone and address go to `before`. */
  private sinceSignUp(applicant: Applicant): string[] {
    const rng = this.rng;
    const other = this.base.ordinary(false).request;
    const changes: string[] = [];
    const before: NonNullable<Applicant['before']> = {};
    if (rng.chance(SINCE_SIGN_UP.moved)) {
      before.location = other.location;
      changes.push('moved since sign-up');
    }
    if (rng.chance(SINCE_SIGN_UP.newNumber)) {
      before.phones = other.phones;
      changes.push('new number since sign-up');
    }
    applicant.before = before;
    return changes;
  }

  private irregular(kind: Irregularity, request: ApplicantRequest): void {
    const rng = this.rng;
    switch (kind) {
      case 'kept number': {
        const states = Object.keys(AREA_CODES).filter((s) => s !== request.location.regionCode);
        request.phones = [localNumber(rng, rng.pick(AREA_CODES[rng.pick(states)] ?? ['212']))];
        return;
      }
      case 'name of another origin': {
        const [given, family] = rng.pick(ORIGINS);
        const [, domain = 'gmail.com'] = (request.emails[0] ?? '').split('@');
        request.name = { given, family };
        request.emails = [`${given.toLowerCase()}.${family.toLowerCase()}${rng.int(1, 99)}@${domain}`];
        return;
      }
      case 'apartment':
        request.location.addressLine2 = `Apt ${rng.int(1, 40)}${rng.pick(['A', 'B', 'C', ''])}`;
        return;
      case 'VPN':
        request.ipAddress = ipInPrefix(rng, rng.pick(this.reference.vpnPrefixes));
        return;
      case 'Hide My Email':
        request.emails = [`${randomLocal(rng).slice(0, 10)}@privaterelay.appleid.com`];
        return;
      case 'business address':
        request.organization = `${faker.company.name()}`;
        request.location.addressLine2 = `Suite ${rng.int(100, 900)}`;
        return;
      case 'trip abroad':
        request.ipAddress = ipIn(rng, rng.pick(FOREIGN_RESIDENTIAL));
        return;
    }
  }

  /**
   * A synthetic identity (Federal Reserve, "Synthetic Identity Fraud in the U.S. Payment System",
   * 2019): a real-looking name and address with an SSN issued after the 2011 randomization to an
   * adult (area numbers 773-899 were never assigned before it, per the SSA), a new email of a
   * made-up kind and a new phone, no history.
   */
  synthetic(): Applicant {
    const rng = this.rng;
    const applicant = this.base.ordinary(false);
    const { request } = applicant;
    const [, domain = 'gmail.com'] = (request.emails[0] ?? '').split('@');
    const given = request.name.given.toLowerCase();
    request.emails = [
      rng.pick([
        `${given}${rng.int(1000, 99999)}@${domain}`,
        `${randomLocal(rng)}@${domain}`,
        `${given}.${request.name.family.toLowerCase()}${rng.int(10, 999)}@${domain}`,
      ]),
    ];
    const year = rng.int(1975, 1998);
    request.birthday = `${year}-0${rng.int(1, 9)}-1${rng.int(0, 9)}`;
    request.ssns = [
      `${rng.int(773, 899)}-${String(rng.int(1, 99)).padStart(2, '0')}-${String(rng.int(1, 9999)).padStart(4, '0')}`,
    ];
    return { ...applicant, label: 'fraud', flags: ['post-2011 SSN for an adult'] };
  }

  /**
   * Rings of applications within minutes, each with a fresh name and email, sharing one phone,
   * IP address, street address or SSN: the first is as clean as anyone.
   */
  rings(count: number, size: number): RingMember[] {
    const kinds = ['phone', 'IP address', 'street address', 'SSN'] as const;
    const members: RingMember[] = [];
    for (let ring = 0; ring < count; ring++) {
      const shared = kinds[ring % kinds.length] ?? 'phone';
      const first = this.base.ordinary(false).request;
      const ssn = `${this.rng.int(100, 665)}-${String(this.rng.int(1, 99)).padStart(2, '0')}-${String(this.rng.int(1, 9999)).padStart(4, '0')}`;
      for (let position = 1; position <= size; position++) {
        const { request } = this.base.ordinary(false);
        if (shared === 'phone') request.phones = first.phones;
        if (shared === 'IP address') request.ipAddress = first.ipAddress;
        if (shared === 'street address') request.location = first.location;
        if (shared === 'SSN') request.ssns = [ssn];
        members.push({
          ring,
          position,
          shared,
          applicant: { label: 'fraud', history: false, flags: [`ring sharing a ${shared}`], request },
        });
      }
    }
    return members;
  }

  /**
   * An account takeover: a long-known customer's email (its history is ingested) sent with the
   * taker's own phone, and a connection from a data center, a VPN or abroad, half the time with a
   * new address (the goods shipped elsewhere).
   */
  takeover(victim: Applicant): Applicant {
    const rng = this.rng;
    const { request } = this.base.ordinary(false);
    request.emails = victim.request.emails;
    request.name = victim.request.name;
    if (rng.chance(0.5)) request.location = victim.request.location;
    const roll = rng.next();
    request.ipAddress =
      roll < 0.4
        ? ipIn(rng, rng.pick(FOREIGN_RESIDENTIAL))
        : roll < 0.7
          ? ipInPrefix(rng, rng.pick(this.reference.awsPrefixes))
          : ipInPrefix(rng, rng.pick(this.reference.vpnPrefixes));
    return { label: 'fraud', history: false, flags: ['account takeover'], request };
  }
}
