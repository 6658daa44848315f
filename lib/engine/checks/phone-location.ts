// PHONE_LOCATION_MISMATCH: the number's country (libphonenumber's region) against the request's,
// and for a US or Canadian number the area code's state or province against the one given.
import { countryLabel, type InputPlace, inputPlace } from '../geo/input-place';
import { subdivisionLabel } from '../geo/subdivisions';
import type { Check, LocationInput, PhoneInput, PhoneLineType } from '../types';
import { decide, describeFindings, type Finding } from './findings';
import { makeCheck, stateRisk } from './make-check';
import { areaCodePlaces } from './nanp-area-codes';
import { INVALID_PHONE, isInvalidPhone } from './not-judged';

type State = 'TRUE' | 'FALSE' | 'UNKNOWN';

/** Numbers that ring wherever the subscriber is: no place to compare. */
const PLACELESS: Partial<Record<PhoneLineType, string>> = {
  TOLL_FREE: 'a toll-free number',
  PREMIUM_RATE: 'a premium-rate number',
  SHARED_COST: 'a shared-cost number',
  PERSONAL_NUMBER: 'a personal (follow-me) number',
  UAN: 'a universal access number',
  VOICEMAIL: 'a voicemail access number',
  PAGER: 'a pager number',
};

const NANP_COUNTRIES = new Set(['US', 'CA']);
const MOVED = ' (mobile and VoIP numbers keep their area code when their owner moves)';

const finding = (state: State, detail: string): Finding<State> => ({
  state,
  risk: stateRisk('PHONE_LOCATION_MISMATCH', state),
  detail,
});
const unknown = (detail: string) => finding('UNKNOWN', detail);
const mismatch = (detail: string) => finding('TRUE', detail);
const agrees = (detail: string) => finding('FALSE', detail);

/** The area code's state against the one given; only for +1 numbers of a US or Canadian place. */
function areaCodeFinding(phone: PhoneInput, e164: string, place: InputPlace): Finding<State> {
  const { country } = place;
  const npa = e164.slice(2, 5);
  const places = areaCodePlaces(npa);
  const given = place.subdivision;
  if (places === null) {
    return agrees(
      `${e164} is a ${countryLabel(country)} number as given; its area code ${npa} is not a geographic ` +
        'code of the NANPA list, so only the country was compared',
    );
  }
  const served = places.map((code) => subdivisionLabel(country, code)).join(' and ');
  if (given === null) {
    return agrees(
      `${e164} is a ${countryLabel(country)} number (area code ${npa}: ${served}) as given; no state or ` +
        'province was given to compare the area code with',
    );
  }
  if (places.includes(given)) return agrees(`${e164} has area code ${npa} of ${served}, as given`);
  // Worth saying: the usual innocent reason is a mobile number kept after a move.
  const portable = phone.lineType === 'MOBILE' || phone.lineType === 'VOIP' ? MOVED : '';
  return mismatch(
    `${e164} has area code ${npa} of ${served}; the location given is in ${subdivisionLabel(country, given)}${portable}`,
  );
}

function phoneFinding(phone: PhoneInput, place: InputPlace): Finding<State> {
  if (isInvalidPhone(phone) || phone.e164 === null) return unknown(INVALID_PHONE);
  const placeless = phone.lineType === null ? undefined : PLACELESS[phone.lineType];
  // No region (or 001): the ITU's non-geographic codes, +800 freephone, +882 networks...
  if (placeless !== undefined || phone.region === null || phone.region === '001') {
    return unknown(`${phone.e164} is ${placeless ?? 'a non-geographic number'}, which has no location`);
  }
  if (phone.region !== place.country) {
    return mismatch(
      `${phone.e164} is a ${countryLabel(phone.region)} number; the location given is in ${countryLabel(place.country)}`,
    );
  }
  if (NANP_COUNTRIES.has(place.country) && phone.e164.startsWith('+1')) {
    return areaCodeFinding(phone, phone.e164, place);
  }
  return agrees(`${phone.e164} is a ${countryLabel(phone.region)} number, as given`);
}

export function phoneLocation(phones: readonly PhoneInput[], location: LocationInput | null): Check {
  const place = inputPlace(location);
  if (place === null) {
    const what = phones.length === 1 ? 'number' : 'numbers';
    return makeCheck(
      'PHONE_LOCATION_MISMATCH',
      'UNKNOWN',
      `No location country was given to compare the phone ${what} with.`,
    );
  }
  const findings = phones.map((phone) => phoneFinding(phone, place));
  const decisive = decide(findings);
  const description = describeFindings(
    'phone',
    findings.map((finding) => finding.detail),
  );
  return makeCheck('PHONE_LOCATION_MISMATCH', decisive?.state ?? 'UNKNOWN', description);
}
