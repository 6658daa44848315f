// Country names as the sanctions lists spell them -> ISO 3166-1 alpha-2. The CLDR English names
// of every code (Intl.DisplayNames) plus the list spellings of country-aliases.ts.
import { COUNTRY_ALIASES } from './country-aliases';

// Codes CLDR names that are not (or no longer) ISO 3166-1 countries: deprecated codes, exceptional
// reservations and groupings. XK (Kosovo) is kept: the EU and UK lists use it.
const NOT_ISO = new Set(
  'AC AN BU CP CQ CS DD DG DY EA EU EZ FX HV IC NH QO RH SU TA TP UK UN VD XA XB YD YU ZR ZZ'.split(' '),
);

let byName: Map<string, string> | null = null;
let codes: Set<string> | null = null;

/** Lower case, no accents, "&" as "and", "St." as "saint", punctuation as single spaces. */
export function normalizeCountryName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/\bst\b\.?/g, 'saint')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

function build(): { names: Map<string, string>; iso: Set<string> } {
  const names = new Map<string, string>();
  const iso = new Set<string>();
  const display = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
  const add = (name: string, code: string) => {
    const key = normalizeCountryName(name);
    if (key && !names.has(key)) names.set(key, code);
  };
  for (let a = 65; a <= 90; a++) {
    for (let b = 65; b <= 90; b++) {
      const code = String.fromCharCode(a, b);
      if (NOT_ISO.has(code)) continue;
      const name = display.of(code);
      if (!name) continue;
      iso.add(code);
      add(name, code);
      // "Myanmar (Burma)": both the name and the bracketed one.
      const bracket = /^(.*?)\s*\((.+)\)$/.exec(name);
      if (bracket?.[1] && bracket[2]) {
        add(bracket[1], code);
        add(bracket[2], code);
      }
    }
  }
  for (const [code, aliases] of Object.entries(COUNTRY_ALIASES)) {
    iso.add(code);
    for (const alias of aliases) names.set(normalizeCountryName(alias), code);
  }
  return { names, iso };
}

function tables(): { names: Map<string, string>; iso: Set<string> } {
  if (!byName || !codes) {
    const built = build();
    byName = built.names;
    codes = built.iso;
  }
  return { names: byName, iso: codes };
}

/** True for an ISO 3166-1 alpha-2 code (upper case) that the lists may use. */
export function isCountryCode(code: string): boolean {
  return tables().iso.has(code);
}

/** The alpha-2 code of a country as a list spells it, or null when it names no country. */
export function countryCode(raw: string | null | undefined): string | null {
  const text = raw?.trim().replace(/\.$/, '') ?? '';
  if (!text || text === '-0-') return null;
  const { names, iso } = tables();
  // Upper case only: UN files write "na" for not available, which is not Namibia.
  if (/^[A-Z]{2}$/.test(text)) return iso.has(text) ? text : (names.get(normalizeCountryName(text)) ?? null);
  const candidates = [text];
  // Canada writes "Burma / Birmanie" (English / French).
  if (text.includes(' / ')) candidates.push(...text.split(' / '));
  for (const candidate of candidates) {
    const key = normalizeCountryName(candidate);
    const simplified = key
      .replace(/^(possibly|probably|reportedly) /, '')
      .replace(/^the /, '')
      .trim();
    for (const k of [key, simplified]) {
      const hit = names.get(k);
      if (hit) return hit;
    }
    // "Korea, North" / "Bahamas, The" / "Man, Isle of": try the inverted order.
    const comma = candidate.lastIndexOf(',');
    if (comma > 0) {
      const inverted = normalizeCountryName(`${candidate.slice(comma + 1)} ${candidate.slice(0, comma)}`);
      const hit = names.get(inverted) ?? names.get(inverted.replace(/^the /, ''));
      if (hit) return hit;
    }
    const bracketless = normalizeCountryName(candidate.replace(/\(.*?\)/g, ' '));
    const hit = names.get(bracketless);
    if (hit) return hit;
  }
  return null;
}
