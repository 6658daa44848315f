// Labelled applicants for `npm run bench:risk`: ordinary people and fraudulent ones with two or
// three independent red flags of different kinds. Built from public facts (mainstream mailboxes,
// NANPA area codes by state, US ZIP codes, residential ISP blocks, the shipped Tor, AWS and OFAC
// files), never from the engine's own tables, so the benchmark does not grade its own answers.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { faker } from '@faker-js/faker';
import { Rng } from '@/lib/seed/prng';

// The package ships no types; only its state index is read here.
const zipcodes = createRequire(import.meta.url)('zipcodes') as {
  lookupByState(state: string): { zip: string | number; city: string }[];
};

export type Label = 'ordinary' | 'fraud';

/** A Verify request body of one applicant. */
export interface ApplicantRequest {
  emails: string[];
  phones: string[];
  name: { given: string; family: string };
  location: {
    addressLine1: string;
    addressLine2?: string;
    city: string;
    regionCode: string;
    postalCode: string;
    countryCode: string;
  };
  ipAddress: string;
  birthday: string;
  ssns?: string[];
  organization?: string;
}

export interface Applicant {
  label: Label;
  /** Ordinary applicants the graph is fed years of history for; fraud: the red flags planted. */
  history: boolean;
  flags: string[];
  request: ApplicantRequest;
  /** What the history held before (a returning customer who moved or changed numbers since). */
  before?: Pick<Partial<ApplicantRequest>, 'phones' | 'location'>;
}

const MAILBOXES = ['gmail.com', 'yahoo.com', 'outlook.com', 'hotmail.com', 'icloud.com', 'aol.com'];
const DISPOSABLE = [
  'mailinator.com',
  'guerrillamail.com',
  'sharklasers.com',
  'yopmail.com',
  '10minutemail.com',
];

/** Geographic area codes per state (NANPA assignments), for a local number. */
export const AREA_CODES: Record<string, readonly string[]> = {
  CA: ['415', '650', '408', '510', '213', '310', '818', '916', '619', '714'],
  NY: ['212', '718', '917', '516', '914', '585', '716'],
  TX: ['512', '713', '214', '210', '817', '915'],
  FL: ['305', '407', '813', '904', '954', '561'],
  IL: ['312', '773', '630', '847', '217'],
  WA: ['206', '425', '253', '509'],
  MA: ['617', '508', '781', '413'],
  GA: ['404', '770', '678', '912'],
  PA: ['215', '412', '717', '610'],
  OH: ['216', '614', '513', '330'],
  AZ: ['480', '602', '520'],
  CO: ['303', '720', '719'],
  MI: ['313', '248', '616', '517'],
  NC: ['704', '919', '336'],
  OR: ['503', '541'],
  MN: ['612', '651', '763'],
};
const TOLL_FREE = ['800', '833', '844', '855', '866', '877', '888'];

/** Consumer broadband blocks of US ISPs (Comcast, Charter, Verizon), as registered with ARIN. */
const US_RESIDENTIAL: readonly [number, number][] = [
  [73, 0], // 73.0.0.0/8 Comcast
  [98, 192], // 98.192.0.0/10 Comcast
  [24, 0], // 24.0.0.0/12 Comcast
  [71, 224], // 71.224.0.0/12 Comcast
  [76, 96], // 76.96.0.0/11 Comcast
  [174, 48], // 174.48.0.0/12 Comcast
];
/** Consumer blocks outside the US (MTN Nigeria, RCS&RDS Romania, VNPT Vietnam, Vodafone Egypt). */
export const FOREIGN_RESIDENTIAL: readonly [number, number][] = [
  [102, 89],
  [197, 210],
  [86, 120],
  [5, 12],
  [14, 160],
  [113, 161],
  [41, 35],
];

const STREETS = [
  'Main St',
  'Oak Ave',
  'Maple Dr',
  'Cedar Ln',
  'Park Blvd',
  'Elm St',
  'Washington Ave',
  'Lake Rd',
];

export interface ReferenceFiles {
  tor: string[];
  vpnPrefixes: string[];
  awsPrefixes: string[];
  listed: { given: string; family: string; birthday: string | null }[];
}

/** The Tor exits, AWS EC2 prefixes and OFAC individuals of the shipped reference snapshot. */
export function readReferenceFiles(dataDir: string): ReferenceFiles {
  const tor = readFileSync(path.join(dataDir, 'ip/tor/tor-exit-nodes.lst'), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => /^\d+\.\d+\.\d+\.\d+$/.test(line));
  const aws = JSON.parse(readFileSync(path.join(dataDir, 'ip/aws/ip-ranges.json'), 'utf8')) as {
    prefixes: { ip_prefix: string; service: string; region: string }[];
  };
  const awsPrefixes = aws.prefixes
    .filter(
      (p) => p.service === 'EC2' && p.region.startsWith('us-') && Number(p.ip_prefix.split('/')[1]) <= 24,
    )
    .map((p) => p.ip_prefix);
  const listed: ReferenceFiles['listed'] = [];
  const sdn = readFileSync(path.join(dataDir, 'sanctions/ofac-sdn-2024-05-03/sdn.csv'), 'latin1');
  for (const line of sdn.split('\n')) {
    const match = line.match(
      /^\d+,"([A-Z' -]+), ([A-Za-z' -]+)","individual",.*"DOB (\d{2}) (\w{3}) (\d{4})/,
    );
    if (!match) continue;
    const [, family = '', given = '', day, month, year] = match;
    const when = new Date(`${day} ${month} ${year} UTC`);
    listed.push({
      given: given.split(' ')[0] ?? given,
      family: family
        .split(' ')
        .map((w) => w.charAt(0) + w.slice(1).toLowerCase())
        .join(' '),
      birthday: Number.isNaN(when.getTime()) ? null : when.toISOString().slice(0, 10),
    });
  }
  const vpnPrefixes = readFileSync(path.join(dataDir, 'ip/x4bnet-vpn/ipv4.txt'), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => /^\d+\.\d+\.\d+\.\d+\/(1[6-9]|2\d)$/.test(line));
  return { tor, vpnPrefixes, awsPrefixes, listed };
}

export interface Place {
  city: string;
  state: string;
  zip: string;
}

export function places(): Place[] {
  const out: Place[] = [];
  for (const state of Object.keys(AREA_CODES)) {
    for (const z of zipcodes.lookupByState(state)) {
      if (/^\d{5}$/.test(String(z.zip))) out.push({ city: z.city, state, zip: String(z.zip) });
    }
  }
  return out;
}

export const digits = (rng: Rng, n: number) => Array.from({ length: n }, () => rng.int(0, 9)).join('');

/** A NANP line that can originate: exchange 200-999, never N11 or 555. */
export function localNumber(rng: Rng, area: string): string {
  for (;;) {
    const exchange = rng.int(200, 999);
    if (exchange % 100 === 11 || exchange === 555) continue;
    return `+1${area}${exchange}${digits(rng, 4)}`;
  }
}

export function ipIn(rng: Rng, [a, b]: readonly [number, number]): string {
  return `${a}.${b + rng.int(0, 15)}.${rng.int(0, 255)}.${rng.int(1, 254)}`;
}

export function ipInPrefix(rng: Rng, prefix: string): string {
  const [base = '0.0.0.0', bits = '32'] = prefix.split('/');
  const start = base.split('.').reduce((n, octet) => n * 256 + Number(octet), 0);
  const size = 2 ** (32 - Number(bits));
  const n = start + rng.int(1, Math.max(1, size - 2));
  return [24, 16, 8, 0].map((shift) => Math.floor(n / 2 ** shift) % 256).join('.');
}

const slug = (text: string) => text.toLowerCase().replace(/[^a-z]/g, '');

function nameLocal(rng: Rng, given: string, family: string, year: number): string {
  const g = slug(given);
  const f = slug(family);
  return rng.pick([`${g}.${f}`, `${g}${f}`, `${g.charAt(0)}${f}`, `${g}.${f}${year % 100}`, `${g}_${f}`]);
}

export function randomLocal(rng: Rng): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  return Array.from({ length: rng.int(10, 14) }, () => alphabet.charAt(rng.int(0, alphabet.length - 1))).join(
    '',
  );
}

/** The kinds of red flag; a fraudulent applicant carries two or three of different kinds. */
const FLAG_KINDS = ['email', 'ip', 'phone', 'ssn', 'address', 'identity'] as const;
type FlagKind = (typeof FLAG_KINDS)[number];

export class ApplicantFactory {
  private readonly rng: Rng;
  private readonly places = places();

  constructor(
    seed: number,
    private readonly reference: ReferenceFiles,
  ) {
    this.rng = new Rng(seed);
    faker.seed(seed);
  }

  ordinary(history: boolean): Applicant {
    const rng = this.rng;
    const given = faker.person.firstName();
    const family = faker.person.lastName();
    const year = rng.int(1950, 2004);
    const place = rng.pick(this.places);
    const request: ApplicantRequest = {
      emails: [`${nameLocal(rng, given, family, year)}@${rng.pick(MAILBOXES)}`],
      phones: [localNumber(rng, rng.pick(AREA_CODES[place.state] ?? ['415']))],
      name: { given, family },
      location: {
        addressLine1: `${rng.int(1, 9999)} ${rng.pick(STREETS)}`,
        city: place.city,
        regionCode: place.state,
        postalCode: place.zip,
        countryCode: 'US',
      },
      ipAddress: ipIn(rng, rng.pick(US_RESIDENTIAL)),
      birthday: `${year}-${String(rng.int(1, 12)).padStart(2, '0')}-${String(rng.int(1, 28)).padStart(2, '0')}`,
    };
    return { label: 'ordinary', history, flags: [], request };
  }

  fraud(): Applicant {
    const rng = this.rng;
    const base = this.ordinary(false);
    const request = base.request;
    const kinds = [...FLAG_KINDS].sort(() => rng.next() - 0.5).slice(0, rng.int(2, 3)) as FlagKind[];
    const flags: string[] = [];
    for (const kind of kinds) flags.push(this.plant(kind, request));
    return { label: 'fraud', history: false, flags, request };
  }

  private plant(kind: FlagKind, request: ApplicantRequest): string {
    const rng = this.rng;
    const [local = 'x', domain = 'gmail.com'] = (request.emails[0] ?? '').split('@');
    switch (kind) {
      case 'email':
        if (rng.chance(0.5)) {
          request.emails = [`${local}@${rng.pick(DISPOSABLE)}`];
          return 'disposable mailbox';
        }
        request.emails = [`${randomLocal(rng)}@${domain}`];
        return 'random local part';
      case 'ip': {
        const roll = rng.next();
        if (roll < 1 / 3) {
          request.ipAddress = rng.pick(this.reference.tor);
          return 'Tor exit';
        }
        if (roll < 2 / 3) {
          request.ipAddress = ipInPrefix(rng, rng.pick(this.reference.awsPrefixes));
          return 'cloud (AWS) IP';
        }
        request.ipAddress = ipIn(rng, rng.pick(FOREIGN_RESIDENTIAL));
        return 'foreign IP for a US address';
      }
      case 'phone':
        if (rng.chance(0.5)) {
          request.phones = [localNumber(rng, rng.pick(TOLL_FREE))];
          return 'toll-free phone';
        }
        // Exchanges never start with 0 or 1 in the NANP: not a number anyone can have.
        request.phones = [`+1${rng.pick(AREA_CODES.CA ?? ['415'])}1${digits(rng, 6)}`];
        return 'invalid phone';
      case 'ssn': {
        const area = rng.pick(['000', '666', String(rng.int(900, 999))]);
        request.ssns = [
          `${area}-${String(rng.int(1, 99)).padStart(2, '0')}-${digits(rng, 4).replace(/^0000$/, '1234')}`,
        ];
        return 'never-issued SSN';
      }
      case 'address': {
        const elsewhere = this.places.filter((p) => p.state !== request.location.regionCode);
        request.location.postalCode = rng.pick(elsewhere).zip;
        return 'ZIP of another city';
      }
      case 'identity': {
        const listed = rng.pick(this.reference.listed);
        request.name = { given: listed.given, family: listed.family };
        if (listed.birthday) request.birthday = listed.birthday;
        return 'listed person';
      }
    }
  }

  /** Years of activity for an ordinary applicant: sign-up, visits and clicks, 2 to 9 years back. */
  history(applicant: Applicant, nowMs: number, label: string): unknown[] {
    const rng = this.rng;
    const { request } = applicant;
    const years = rng.between(2, 9);
    const start = nowMs - years * 365.25 * 86_400_000;
    const events: unknown[] = [];
    const count = rng.int(4, 12);
    for (let i = 0; i < count; i++) {
      // Long-known customers stay active: the last event falls in the last six months.
      const at =
        i === 0
          ? start
          : i === count - 1
            ? nowMs - rng.between(7, 180) * 86_400_000
            : rng.between(start, nowMs);
      events.push({
        id: `${label}-${i}`,
        type: i === 0 ? 'signup' : rng.pick(['visitor', 'click', 'visitor']),
        observedAt: new Date(at).toISOString(),
        source: rng.pick(['shop-a', 'bank-b', 'news-c']),
        emails: request.emails,
        phones: applicant.before?.phones ?? request.phones,
        ...(i === 0 ? { name: request.name, location: applicant.before?.location ?? request.location } : {}),
      });
    }
    return events;
  }
}
