// The street address of a request as the identity graph stores addresses, to count the units
// (address line 2 values) it knows there; and whether the request names a unit itself.
import type { LocationInput } from '../types';

/**
 * USPS secondary unit designators that do not double as street words (Pier, Key, Rear... do),
 * plus "#": their presence in line 1 means the caller gave a unit there.
 */
const UNIT =
  /(?:^|[\s,])(?:#|(?:apt|apartment|unit|ste|suite|rm|room|fl|floor|bldg|building|dept|ofc|office|ph|penthouse|trlr|trailer|lot|spc|space|bsmt|basement)\b)/i;

const filled = (value: string | null): value is string => value !== null && value.trim() !== '';

/** Line 2 is filled, or line 1 carries a unit designator ("Apt 4", "# 12", "Ste 300"). */
export function hasUnit(location: LocationInput): boolean {
  return filled(location.addressLine2) || (filled(location.addressLine1) && UNIT.test(location.addressLine1));
}

/** Parts of a stored address key `line1|line2|city|region|postal|country`, normalised alike. */
export interface StreetKey {
  line1: string;
  city: string;
  /** The 5-digit ZIP, or the whole postal code elsewhere; '' when absent. */
  postal: string;
  country: string;
}

/** As identifierKeys normalises each part: trimmed, lower case, runs of whitespace as one space. */
const part = (value: string | null): string => (value ?? '').trim().toLowerCase().replace(/\s+/g, ' ');

/** The street to count units at: only for an address with a line 1 and no unit of its own. */
export function streetKey(location: LocationInput | null): StreetKey | null {
  if (location === null || !filled(location.addressLine1) || hasUnit(location)) return null;
  const postal = part(location.postalCode);
  return {
    line1: part(location.addressLine1),
    city: part(location.city),
    postal: /^\d{5}/.test(postal) ? postal.slice(0, 5) : postal,
    country: part(location.countryCode),
  };
}
