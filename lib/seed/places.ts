// Where seeded people live: country, faker locale, time zone, phone numbering, home ISP range.
// The phone templates were checked against libphonenumber (tests/unit/seed-generate.test.ts):
// every number they produce is valid, keeps its E.164 form and has the stated region and type.

export type FakerLocale =
  | 'en_US'
  | 'en_GB'
  | 'en_CA'
  | 'en_AU'
  | 'en_IN'
  | 'de'
  | 'fr'
  | 'es'
  | 'es_MX'
  | 'pt_BR';

/** libphonenumber's type for numbers of a template (what PHONE_TYPE reads from the plan). */
export type PlanType = 'MOBILE' | 'LANDLINE' | 'VOIP' | 'TOLL_FREE' | 'FIXED_LINE_OR_MOBILE';

export interface PhoneTemplate {
  /** Digits after the `+`, before the random subscriber digits. */
  prefix: string;
  digits: number;
  type: PlanType;
}

export interface Place {
  code: string;
  /** Null: names come from the small tables in names.ts (no faker locale for them). */
  locale: FakerLocale | null;
  /** Hours ahead of UTC, for the daily rhythm of events. */
  utcOffset: number;
  /** NANP countries draw area codes instead of templates. */
  areaCodes?: readonly string[];
  phones: readonly PhoneTemplate[];
  /** A residential ISP range (base address, prefix length), none of it on the VPN or data-center lists. */
  isp: readonly [string, number];
  /** Cities for places without a faker locale. */
  cities?: readonly string[];
}

const mobile = (prefix: string, digits: number): PhoneTemplate => ({ prefix, digits, type: 'MOBILE' });
const landline = (prefix: string, digits: number): PhoneTemplate => ({ prefix, digits, type: 'LANDLINE' });
const voip = (prefix: string, digits: number): PhoneTemplate => ({ prefix, digits, type: 'VOIP' });
const tollFree = (prefix: string, digits: number): PhoneTemplate => ({ prefix, digits, type: 'TOLL_FREE' });

export const US_AREA_CODES = [
  '212',
  '415',
  '312',
  '617',
  '202',
  '305',
  '713',
  '206',
  '303',
  '404',
  '214',
  '602',
  '702',
  '503',
  '612',
  '313',
  '215',
  '412',
  '816',
  '919',
  '704',
  '615',
  '504',
  '801',
  '808',
  '907',
] as const;

export const PLACES: Readonly<Record<string, Place>> = {
  US: {
    code: 'US',
    locale: 'en_US',
    utcOffset: -6,
    areaCodes: US_AREA_CODES,
    phones: [],
    isp: ['73.0.0.0', 8],
  },
  CA: {
    code: 'CA',
    locale: 'en_CA',
    utcOffset: -5,
    areaCodes: ['416', '604', '514', '403'],
    phones: [],
    isp: ['99.224.0.0', 11],
  },
  GB: {
    code: 'GB',
    locale: 'en_GB',
    utcOffset: 0,
    phones: [
      mobile('4474', 8),
      landline('44161', 7),
      landline('44207', 7),
      voip('4456', 8),
      tollFree('44800', 7),
    ],
    isp: ['86.128.0.0', 10],
  },
  DE: {
    code: 'DE',
    locale: 'de',
    utcOffset: 1,
    phones: [mobile('49151', 8), mobile('49170', 8), landline('4930', 8), tollFree('49800', 7)],
    isp: ['79.192.0.0', 10],
  },
  FR: {
    code: 'FR',
    locale: 'fr',
    utcOffset: 1,
    phones: [mobile('3366', 7), mobile('3362', 7), landline('331', 8), voip('339', 8), tollFree('33800', 6)],
    isp: ['90.0.0.0', 9],
  },
  ES: {
    code: 'ES',
    locale: 'es',
    utcOffset: 1,
    phones: [mobile('346', 8), landline('3491', 7), tollFree('34900', 6)],
    isp: ['83.32.0.0', 11],
  },
  MX: {
    code: 'MX',
    locale: 'es_MX',
    utcOffset: -6,
    phones: [{ prefix: '5255', digits: 8, type: 'FIXED_LINE_OR_MOBILE' }],
    isp: ['187.128.0.0', 10],
  },
  BR: {
    code: 'BR',
    locale: 'pt_BR',
    utcOffset: -3,
    phones: [mobile('55119', 8), mobile('55219', 8), landline('55113', 7)],
    isp: ['189.32.0.0', 11],
  },
  IN: {
    code: 'IN',
    locale: 'en_IN',
    utcOffset: 5,
    phones: [mobile('9198', 8), mobile('9199', 8), landline('91112', 7), tollFree('911800', 7)],
    isp: ['117.192.0.0', 10],
  },
  AU: {
    code: 'AU',
    locale: 'en_AU',
    utcOffset: 10,
    phones: [mobile('6140', 7), mobile('6141', 7), landline('6129', 7)],
    isp: ['120.144.0.0', 12],
  },
  // FATF call for action (LOCATION_COUNTRY_RISK HIGH).
  IR: {
    code: 'IR',
    locale: null,
    utcOffset: 3,
    phones: [mobile('98912', 7), mobile('98935', 7), landline('9821', 8)],
    isp: ['5.112.0.0', 12],
    cities: ['Tehran', 'Isfahan', 'Shiraz', 'Tabriz', 'Mashhad'],
  },
  // FATF increased monitoring (LOCATION_COUNTRY_RISK MED).
  VN: {
    code: 'VN',
    locale: null,
    utcOffset: 7,
    phones: [mobile('8490', 7), mobile('8498', 7), landline('84243', 7)],
    isp: ['113.160.0.0', 11],
    cities: ['Hanoi', 'Ho Chi Minh City', 'Da Nang', 'Hai Phong', 'Can Tho'],
  },
  KE: {
    code: 'KE',
    locale: null,
    utcOffset: 3,
    phones: [mobile('2547', 8), landline('25420', 7)],
    isp: ['105.160.0.0', 12],
    cities: ['Nairobi', 'Mombasa', 'Kisumu', 'Nakuru', 'Eldoret'],
  },
};

/** Residence mix of ordinary people: mostly US, a realistic share elsewhere. */
export const RESIDENCE_WEIGHTS: readonly (readonly [string, number])[] = [
  ['US', 72],
  ['GB', 6],
  ['CA', 4],
  ['DE', 4],
  ['FR', 3],
  ['ES', 2],
  ['MX', 2],
  ['BR', 2],
  ['IN', 2],
  ['AU', 1.5],
  ['VN', 0.8],
  ['KE', 0.4],
  ['IR', 0.3],
];

export function placeOf(code: string): Place {
  const place = PLACES[code];
  if (!place) throw new Error(`no seed place for ${code}`);
  return place;
}
