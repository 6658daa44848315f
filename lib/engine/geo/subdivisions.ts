// US states (with DC, the territories and the freely associated states that use ZIP codes) and
// Canadian provinces: USPS and Canada Post codes, the same letters as ISO 3166-2 US-xx / CA-xx.

export const US_STATES: Readonly<Record<string, string>> = {
  AL: 'Alabama',
  AK: 'Alaska',
  AZ: 'Arizona',
  AR: 'Arkansas',
  CA: 'California',
  CO: 'Colorado',
  CT: 'Connecticut',
  DE: 'Delaware',
  DC: 'District of Columbia',
  FL: 'Florida',
  GA: 'Georgia',
  HI: 'Hawaii',
  ID: 'Idaho',
  IL: 'Illinois',
  IN: 'Indiana',
  IA: 'Iowa',
  KS: 'Kansas',
  KY: 'Kentucky',
  LA: 'Louisiana',
  ME: 'Maine',
  MD: 'Maryland',
  MA: 'Massachusetts',
  MI: 'Michigan',
  MN: 'Minnesota',
  MS: 'Mississippi',
  MO: 'Missouri',
  MT: 'Montana',
  NE: 'Nebraska',
  NV: 'Nevada',
  NH: 'New Hampshire',
  NJ: 'New Jersey',
  NM: 'New Mexico',
  NY: 'New York',
  NC: 'North Carolina',
  ND: 'North Dakota',
  OH: 'Ohio',
  OK: 'Oklahoma',
  OR: 'Oregon',
  PA: 'Pennsylvania',
  RI: 'Rhode Island',
  SC: 'South Carolina',
  SD: 'South Dakota',
  TN: 'Tennessee',
  TX: 'Texas',
  UT: 'Utah',
  VT: 'Vermont',
  VA: 'Virginia',
  WA: 'Washington',
  WV: 'West Virginia',
  WI: 'Wisconsin',
  WY: 'Wyoming',
  AS: 'American Samoa',
  GU: 'Guam',
  MP: 'Northern Mariana Islands',
  PR: 'Puerto Rico',
  VI: 'U.S. Virgin Islands',
  FM: 'Federated States of Micronesia',
  MH: 'Marshall Islands',
  PW: 'Palau',
  AA: 'Armed Forces Americas',
  AE: 'Armed Forces Europe',
  AP: 'Armed Forces Pacific',
};

export const CA_PROVINCES: Readonly<Record<string, string>> = {
  AB: 'Alberta',
  BC: 'British Columbia',
  MB: 'Manitoba',
  NB: 'New Brunswick',
  NL: 'Newfoundland and Labrador',
  NS: 'Nova Scotia',
  NT: 'Northwest Territories',
  NU: 'Nunavut',
  ON: 'Ontario',
  PE: 'Prince Edward Island',
  QC: 'Quebec',
  SK: 'Saskatchewan',
  YT: 'Yukon',
};

/**
 * Places with their own ISO 3166-1 code that USPS files as a state: the IP databases and
 * libphonenumber name them by country (PR), an address may say "US, state PR".
 */
export const ZIP_TERRITORIES: ReadonlySet<string> = new Set(['AS', 'GU', 'MP', 'PR', 'VI', 'FM', 'MH', 'PW']);

const TABLES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  US: US_STATES,
  CA: CA_PROVINCES,
};

/** Case, accents, punctuation and "the" folded: "Québec" and "quebec", "U.S. Virgin Islands". */
function nameKey(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .replace(/^the /, '')
    .trim();
}

const byName = new Map<string, Map<string, string>>();

function namesOf(country: string): Map<string, string> | null {
  const table = TABLES[country];
  if (table === undefined) return null;
  let names = byName.get(country);
  if (names === undefined) {
    names = new Map(Object.entries(table).map(([code, name]) => [nameKey(name), code]));
    byName.set(country, names);
  }
  return names;
}

/** The code of a US state or Canadian province given by code or by name, or null. */
export function subdivisionCode(country: 'US' | 'CA', text: string | null): string | null {
  if (text === null) return null;
  const trimmed = text.trim();
  const upper = trimmed.toUpperCase();
  if (/^[A-Z]{2}$/.test(upper) && TABLES[country]?.[upper] !== undefined) return upper;
  return namesOf(country)?.get(nameKey(trimmed)) ?? null;
}

/** "California (CA)", or the code alone when unknown. */
export function subdivisionLabel(country: string, code: string): string {
  const name = TABLES[country]?.[code];
  return name === undefined ? code : `${name} (${code})`;
}
