// LOCATION_ADDRESS_INVALID for a street address: US ZIP, state and city against the ZIP data; a
// unit missing where the identity graph knows units at the same street address. No street-level
// data is loaded, so an address the ZIP data agrees with is UNKNOWN, never shown valid (FALSE).
import { countryLabel, type InputPlace, inputPlace } from '../geo/input-place';
import { hasUnit } from '../geo/street-key';
import { subdivisionLabel, ZIP_TERRITORIES } from '../geo/subdivisions';
import type { PostalLookup } from '../geo/types';
import type { GraphFacts } from '../graph/facts';
import type { Check, CheckContext, LocationInput } from '../types';
import { awaitingCheck, makeCheck } from './make-check';

const isZipPlace = (place: InputPlace | null): place is InputPlace =>
  place !== null && (place.country === 'US' || ZIP_TERRITORIES.has(place.country));

const STREET_UNCHECKED = 'The street itself was not checked: no street-level address data is loaded.';

const invalid = (description: string) => makeCheck('LOCATION_ADDRESS_INVALID', 'TRUE', description);

function notChecked(place: InputPlace | null): Check {
  const why =
    place === null
      ? 'No country (nor a US state) was given'
      : `No postal reference data is loaded for ${countryLabel(place.country)}`;
  return makeCheck(
    'LOCATION_ADDRESS_INVALID',
    'UNKNOWN',
    `${why}: only US ZIP codes can be checked, so the address was not.`,
  );
}

/** MISSING_EXTENDED when the graph knows units at this street and the address names none. */
function missingUnit(location: LocationInput, graph: GraphFacts | null): Check | null {
  const units = graph?.address?.units ?? 0;
  if (hasUnit(location) || units === 0) return null;
  const what = units === 1 ? 'a unit' : `${units} units`;
  return makeCheck(
    'LOCATION_ADDRESS_INVALID',
    'MISSING_EXTENDED',
    `The identity graph knows ${what} at ${location.addressLine1 ?? 'this street address'}, but the address gives no unit (apartment, suite...).`,
  );
}

/** A TRUE check when the ZIP data contradicts the address, else what it confirmed (maybe nothing). */
function checkUs(location: LocationInput, place: InputPlace, postal: PostalLookup): Check | string[] {
  if (place.unknownRegion !== null) {
    return invalid(`"${place.unknownRegion}" is not a US state or territory.`);
  }
  // A territory is its own country for the IP and phone checks and a state for USPS.
  const state = place.country === 'US' ? place.subdivision : place.country;
  const zip5 = location.postalCode?.match(/^\d{5}/)?.[0] ?? null;
  const found: string[] = [];
  let zipState: string | null = null;
  if (zip5 !== null) {
    const zip = postal.zip(zip5);
    if (zip === null) return invalid(`ZIP code ${zip5} does not exist (${postal.source}).`);
    if (state !== null && zip.state !== state) {
      return invalid(
        `ZIP code ${zip5} is in ${zip.city}, ${zip.state}, not in ${subdivisionLabel('US', state)} as given (${postal.source}).`,
      );
    }
    zipState = zip.state;
    found.push(`ZIP code ${zip5} is in ${zip.city}, ${zip.state}`);
  }
  const cityState = state ?? zipState;
  const city = location.city?.trim() ?? '';
  if (city !== '' && cityState !== null) {
    if (!postal.cityInState(city, cityState)) {
      return invalid(
        `No ZIP code of ${subdivisionLabel('US', cityState)} serves a city named "${city}" (${postal.source}).`,
      );
    }
    found.push(`${city} is served in ${cityState}`);
  }
  return found;
}

/**
 * For a request with a street address (addressLine1). The ZIP data speaks first (TRUE), then a
 * unit the graph knows is missing (any country), then what the ZIP data could confirm.
 */
export function addressInvalid(location: LocationInput, ctx: CheckContext): Check {
  const place = inputPlace(location);
  const postal = ctx.postal ?? null;
  const us = isZipPlace(place) && postal !== null ? checkUs(location, place, postal) : null;
  if (us !== null && !Array.isArray(us)) return us;
  const missing = missingUnit(location, ctx.graph);
  if (missing !== null) return missing;
  if (!isZipPlace(place)) return notChecked(place);
  if (postal === null || us === null) {
    return awaitingCheck('LOCATION_ADDRESS_INVALID', 'the postal address reference data');
  }
  if (us.length === 0) {
    return makeCheck(
      'LOCATION_ADDRESS_INVALID',
      'UNKNOWN',
      'The address gives neither a ZIP code nor a city with its state, so there is nothing to check against the US ZIP data.',
    );
  }
  const units = ctx.graph === null ? '; the identity graph was not consulted for units' : '';
  return makeCheck(
    'LOCATION_ADDRESS_INVALID',
    'UNKNOWN',
    `${us.join('; ')} (${postal.source})${units}. ${STREET_UNCHECKED}`,
  );
}
