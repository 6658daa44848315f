import { withoutControls } from '@/lib/contract/fields/controls';
import { countryCodeFromName, type LocationFields } from '@/lib/contract/fields/location';
import { foldLookalikes } from '@/lib/contract/fields/lookalikes';
import type { LocationInput } from '../types';

export {
  countryCodeFromName,
  isCountryCode,
  type LocationFields,
  postalCodeProblem,
} from '@/lib/contract/fields/location';

function cleanText(raw: string | null | undefined): string | null {
  if (raw === null || raw === undefined) return null;
  const text = withoutControls(foldLookalikes(raw)).replace(/\s+/g, ' ').trim();
  return text === '' ? null : text;
}

/** The normalised location, or null when no field carries text. */
export function normalizeLocation(raw: LocationFields | null | undefined): LocationInput | null {
  if (raw === null || raw === undefined) return null;
  const country = cleanText(raw.country);
  const code = raw.countryCode?.trim().toUpperCase() ?? '';
  const location: LocationInput = {
    addressLine1: cleanText(raw.addressLine1),
    addressLine2: cleanText(raw.addressLine2),
    city: cleanText(raw.city),
    region: cleanText(raw.region),
    regionCode: cleanText(raw.regionCode)?.toUpperCase() ?? null,
    postalCode: cleanText(raw.postalCode)?.toUpperCase() ?? null,
    country,
    countryCode: code !== '' ? code : country !== null ? countryCodeFromName(country) : null,
  };
  return Object.values(location).every((value) => value === null) ? null : location;
}
