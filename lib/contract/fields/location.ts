// Country codes, country names and postal code rules of a request's location: wire rules the
// request schema checks (in the browser too), and the engine's normaliser reads.

// The 249 officially assigned ISO 3166-1 alpha-2 codes plus XK (Kosovo), the user-assigned code
// that the EU, the IMF and libphonenumber use. Kept as a table because Intl.DisplayNames also
// names non-country codes (EU, UN, UK, ZZ...).
const ALPHA2 = new Set(
  (
    'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT ' +
    'BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ' +
    'ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT ' +
    'HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS ' +
    'LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI ' +
    'NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG ' +
    'SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG ' +
    'UM US UY UZ VA VC VE VG VI VN VU WF WS XK YE YT ZA ZM ZW'
  ).split(' '),
);

/** Countries whose postal codes are USPS ZIP codes (the US, its territories, the freely associated states). */
const ZIP_COUNTRIES = new Set(['US', 'PR', 'VI', 'GU', 'AS', 'MP', 'MH', 'FM', 'PW']);
const ZIP = /^\d{5}(?:-\d{4})?$/;

/** Common names that Intl.DisplayNames does not produce (official ISO long forms, old names). */
const ALIASES: Readonly<Record<string, string>> = {
  'united states of america': 'US',
  usa: 'US',
  america: 'US',
  'great britain': 'GB',
  britain: 'GB',
  england: 'GB',
  scotland: 'GB',
  wales: 'GB',
  'northern ireland': 'GB',
  'united kingdom of great britain and northern ireland': 'GB',
  'russian federation': 'RU',
  'republic of korea': 'KR',
  'korea republic of': 'KR',
  'democratic peoples republic of korea': 'KP',
  'korea democratic peoples republic of': 'KP',
  'czech republic': 'CZ',
  'ivory coast': 'CI',
  turkey: 'TR',
  burma: 'MM',
  swaziland: 'SZ',
  macedonia: 'MK',
  holland: 'NL',
  vatican: 'VA',
  'holy see': 'VA',
  'east timor': 'TL',
  'cabo verde': 'CV',
  'viet nam': 'VN',
  'syrian arab republic': 'SY',
  'iran islamic republic of': 'IR',
  'lao peoples democratic republic': 'LA',
  'bolivia plurinational state of': 'BO',
  'venezuela bolivarian republic of': 'VE',
  'tanzania united republic of': 'TZ',
  'moldova republic of': 'MD',
  'micronesia federated states of': 'FM',
  'palestine state of': 'PS',
  'brunei darussalam': 'BN',
  'democratic republic of the congo': 'CD',
  'dr congo': 'CD',
  'republic of the congo': 'CG',
  congo: 'CG',
  macau: 'MO',
};

const NAME_LOCALES = ['en', 'fr', 'de', 'es', 'it', 'pt', 'nl'];

/** Folds case, accents and punctuation so "St. Kitts & Nevis" and "saint kitts and nevis" meet. */
function nameKey(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .replace(/\bsaint\b/g, 'st')
    .replace(/^the\b/, '')
    .replace(/\s+/g, ' ')
    .trim();
}

let nameIndex: Map<string, string> | null = null;

/** Built on first use: every locale's long and short name of every code, first writer wins. */
function countryNames(): Map<string, string> {
  if (nameIndex !== null) return nameIndex;
  const index = new Map<string, string>();
  for (const [alias, code] of Object.entries(ALIASES)) index.set(nameKey(alias), code);
  for (const locale of NAME_LOCALES) {
    for (const style of ['long', 'short'] as const) {
      const names = new Intl.DisplayNames([locale], { type: 'region', style, fallback: 'none' });
      for (const code of ALPHA2) {
        const name = names.of(code);
        if (name === undefined) continue;
        const key = nameKey(name);
        if (key !== '' && !index.has(key)) index.set(key, code);
      }
    }
  }
  nameIndex = index;
  return index;
}

export function isCountryCode(code: string): boolean {
  return ALPHA2.has(code.trim().toUpperCase());
}

/** The alpha-2 code for a country name (English and major European languages), or null. */
export function countryCodeFromName(name: string): string | null {
  const text = name.trim();
  if (/^[A-Za-z]{2}$/.test(text) && isCountryCode(text)) return text.toUpperCase();
  return countryNames().get(nameKey(text)) ?? null;
}

export interface LocationFields {
  addressLine1?: string | null | undefined;
  addressLine2?: string | null | undefined;
  city?: string | null | undefined;
  region?: string | null | undefined;
  regionCode?: string | null | undefined;
  postalCode?: string | null | undefined;
  country?: string | null | undefined;
  countryCode?: string | null | undefined;
}

/**
 * The country that governs the postal code format: the code when given, else the one named;
 * `undefined` when the caller named a country we cannot resolve, null when none was given.
 */
function governingCountry(fields: LocationFields): string | null | undefined {
  const code = fields.countryCode?.trim() ?? '';
  if (code !== '') return code.toUpperCase();
  const name = fields.country?.trim() ?? '';
  if (name !== '') return countryCodeFromName(name) ?? undefined;
  return null;
}

/** Why a postal code is malformed for its country, or null when it is acceptable. */
export function postalCodeProblem(fields: LocationFields): string | null {
  const postal = fields.postalCode?.trim() ?? '';
  if (postal === '') return null;
  const country = governingCountry(fields);
  const zipRules = country === null || (country !== undefined && ZIP_COUNTRIES.has(country));
  if (zipRules && !ZIP.test(postal)) {
    return `must be a US ZIP code, 5 digits or 5+4 (12345 or 12345-6789), when the country is ${country ?? 'absent (the US is assumed)'}`;
  }
  return null;
}
