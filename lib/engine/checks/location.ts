// The Location package. LOCATION_COUNTRY_RISK reads the FATF lists; the address checks await
// the postal reference data.
import type { Check, CheckContext, LocationInput, NormalizedRequest } from '../types';
import { FATF_PUBLISHED, fatfStatus } from './fatf-lists';
import { hasStreetAddress } from './input-presence';
import { awaitingCheck, makeCheck } from './make-check';

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

function countryLabel(code: string): string {
  const name = regionNames.of(code);
  return name === undefined || name === code ? code : `${name} (${code})`;
}

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

export function locationChecks(input: NormalizedRequest, _ctx: CheckContext): Check[] {
  const { location } = input;
  const missing = location === null ? 'No location was provided' : 'No street address was provided';
  const street = hasStreetAddress(location);
  return [
    street
      ? awaitingCheck('LOCATION_ADDRESS_INVALID', 'the postal address reference data')
      : makeCheck('LOCATION_ADDRESS_INVALID', 'NONE', `${missing}.`),
    street
      ? awaitingCheck('LOCATION_ADDRESS_IS_BUSINESS', 'the postal address reference data (business flags)')
      : makeCheck(
          'LOCATION_ADDRESS_IS_BUSINESS',
          'UNKNOWN',
          `${missing}, so whether it is a business is unknown.`,
        ),
    countryRisk(location),
  ];
}
