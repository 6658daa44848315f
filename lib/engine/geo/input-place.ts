// Where the request says the person is: a country and, in the US and Canada, a state or province.
import type { LocationInput } from '../types';
import { subdivisionCode, ZIP_TERRITORIES } from './subdivisions';

export interface InputPlace {
  /** ISO 3166-1 alpha-2. A territory given as a US state ("US", "PR") is its own country (PR). */
  country: string;
  /** US state or Canadian province code, when the country is US or CA and one was recognised. */
  subdivision: string | null;
  /** The region text given for a US or Canadian address that names no state or province. */
  unknownRegion: string | null;
  /** The country was not given: a US state was, so the US is assumed. */
  assumed: boolean;
}

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** "United Kingdom (GB)", or the code alone when Intl has no name for it. */
export function countryLabel(code: string): string {
  const name = regionNames.of(code);
  return name === undefined || name === code ? code : `${name} (${code})`;
}

function regionTexts(location: LocationInput): string[] {
  return [location.regionCode, location.region].filter(
    (text): text is string => text !== null && text.trim() !== '',
  );
}

function subdivided(country: 'US' | 'CA', location: LocationInput, assumed: boolean): InputPlace {
  const texts = regionTexts(location);
  const code = texts.map((text) => subdivisionCode(country, text)).find((c) => c !== null) ?? null;
  if (country === 'US' && code !== null && ZIP_TERRITORIES.has(code)) {
    return { country: code, subdivision: null, unknownRegion: null, assumed };
  }
  return { country, subdivision: code, unknownRegion: code === null ? (texts[0] ?? null) : null, assumed };
}

/**
 * The request's country and state, or null when it names no country. Without a country code a
 * recognised US state (by code or name) places the address in the US, as the ZIP rules do.
 */
export function inputPlace(location: LocationInput | null): InputPlace | null {
  if (location === null) return null;
  const country = location.countryCode;
  if (country === 'US' || country === 'CA') return subdivided(country, location, false);
  if (country !== null) return { country, subdivision: null, unknownRegion: null, assumed: false };
  const state = regionTexts(location)
    .map((text) => subdivisionCode('US', text))
    .find((c) => c !== null);
  return state === undefined ? null : subdivided('US', location, true);
}
