// LOCATION_ADDRESS_IS_BUSINESS from what the request itself says. No business-address source is
// loaded: the ZIP data has no business or unique-ZIP flag, and the graph links employers to
// people, never to an address. So only the address lines and the organization decide.
import type { Check, LocationInput } from '../types';
import { makeCheck } from './make-check';

const PO_BOX = /\b(?:p\.?\s*o\.?\s*box|post\s+office\s+box|pmb)\b/i;
const COMPANY = /\b(?:inc|llc|l\.l\.c|ltd|corp|corporation|gmbh|plc|llp)\b/i;
const RESIDENTIAL = /\b(?:apt|apartment|trlr|trailer)\b\.?\s*#?\s*[\w-]*/i;
// A floor needs its number (not a ZIP code): "FL 33101" is the state of an address crammed into line 1.
const OFFICE =
  /\b(?:(?:suite|ste|dept|department)\b\.?\s*#?\s*[\w-]*|(?:fl|floor)\.?\s*#?\s*\d{1,3}(?!\d)\w*|\d+(?:st|nd|rd|th)\s+(?:fl|floor)\b\.?)/i;

const check = (state: 'TRUE' | 'FALSE' | 'UNKNOWN', description: string) =>
  makeCheck('LOCATION_ADDRESS_IS_BUSINESS', state, description);

/** The organization's name, when long enough not to match by chance, appears in an address line. */
function namesOrganization(lines: string, organization: string | null): boolean {
  const name = organization?.trim().toLowerCase() ?? '';
  return name.length >= 4 && lines.toLowerCase().includes(name);
}

/** For a request with a street address (addressLine1). */
export function addressBusiness(location: LocationInput, organization: string | null): Check {
  const lines = [location.addressLine1, location.addressLine2].filter((line) => line !== null).join(', ');
  if (PO_BOX.test(lines)) {
    return check(
      'UNKNOWN',
      'A PO Box or private mailbox: anyone may rent one, so whether it is a business is unknown.',
    );
  }
  const company = lines.match(COMPANY)?.[0];
  if (company !== undefined || namesOrganization(lines, organization)) {
    const what =
      company === undefined ? `the organization given (${organization})` : `a company ("${company}")`;
    return check('TRUE', `The address line names ${what}.`);
  }
  const residential = lines.match(RESIDENTIAL)?.[0]?.trim();
  if (residential !== undefined) {
    return check('FALSE', `"${residential}" is an apartment or trailer unit: a residential address.`);
  }
  const office = lines.match(OFFICE)?.[0]?.trim();
  if (office !== undefined && organization !== null) {
    return check(
      'TRUE',
      `An organization (${organization}) was given and the address has "${office}", an office unit.`,
    );
  }
  const hint =
    office !== undefined
      ? `"${office}" suggests an office, but no organization was given`
      : 'The address has no apartment, suite, floor or company marker';
  return check(
    'UNKNOWN',
    `${hint}, and no business-address data is loaded, so whether it is a business is unknown.`,
  );
}
