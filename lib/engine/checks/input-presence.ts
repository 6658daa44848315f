// Which inputs a request carries, in the sense the checks need.
import type { LocationInput, NormalizedRequest } from '../types';

const filled = (value: string | null): boolean => value !== null && value.trim() !== '';

/** A name counts when its given or family part is filled; a middle name alone does not. */
export function hasName(input: NormalizedRequest): boolean {
  return input.name !== null && (filled(input.name.given) || filled(input.name.family));
}

/** A street address: the first address line. */
export function hasStreetAddress(location: LocationInput | null): boolean {
  return location !== null && filled(location.addressLine1);
}

/**
 * A full postal address: a street line and a city, region or postal code. With a name it is a
 * person lookup (interface input rules 4 and 5); a partial address is not.
 */
export function hasPostalAddress(location: LocationInput | null): boolean {
  return (
    location !== null &&
    filled(location.addressLine1) &&
    [location.city, location.region, location.regionCode, location.postalCode].some(filled)
  );
}

/** Enough of an address to place a person: a street line, a city or a postal code. */
export function hasAddress(location: LocationInput | null): boolean {
  return location !== null && [location.addressLine1, location.city, location.postalCode].some(filled);
}
