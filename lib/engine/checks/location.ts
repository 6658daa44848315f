// The Location package. LOCATION_COUNTRY_RISK reads the FATF lists; LOCATION_ADDRESS_INVALID the
// US ZIP data and the units the graph knows; LOCATION_ADDRESS_IS_BUSINESS the request itself.
import { countryLabel } from '../geo/input-place';
import type { Check, CheckContext, LocationInput, NormalizedRequest } from '../types';
import { addressBusiness } from './address-business';
import { addressInvalid } from './address-invalid';
import { FATF_PUBLISHED, fatfStatus } from './fatf-lists';
import { hasStreetAddress } from './input-presence';
import { makeCheck } from './make-check';

function countryRisk(location: LocationInput | null): Check {
  const code = location?.countryCode ?? null;
  if (code === null) return makeCheck('LOCATION_COUNTRY_RISK', 'NONE', 'No country was provided.');
  const country = countryLabel(code);
  const edition = `the FATF lists of ${FATF_PUBLISHED}`;
  switch (fatfStatus(code)) {
    case 'CALL_FOR_ACTION':
      return makeCheck(
        'LOCATION_COUNTRY_RISK',
        'HIGH',
        `${country} is a high-risk jurisdiction subject to a call for action in ${edition}.`,
      );
    case 'INCREASED_MONITORING':
      return makeCheck(
        'LOCATION_COUNTRY_RISK',
        'MED',
        `${country} is a jurisdiction under increased monitoring in ${edition}.`,
      );
    case 'NOT_LISTED':
      return makeCheck('LOCATION_COUNTRY_RISK', 'LOW', `${country} is on neither of ${edition}.`);
  }
}

export function locationChecks(input: NormalizedRequest, ctx: CheckContext): Check[] {
  const { location } = input;
  if (location === null || !hasStreetAddress(location)) {
    const missing = location === null ? 'No location was provided' : 'No street address was provided';
    return [
      makeCheck('LOCATION_ADDRESS_INVALID', 'NONE', `${missing}.`),
      makeCheck('LOCATION_ADDRESS_IS_BUSINESS', 'NONE', `${missing}.`),
      countryRisk(location),
    ];
  }
  return [
    addressInvalid(location, ctx),
    addressBusiness(location, input.organization),
    countryRisk(location),
  ];
}
