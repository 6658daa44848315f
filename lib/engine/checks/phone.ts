// The Phone package. PHONE_FORMAT_INVALID and PHONE_TYPE read the libphonenumber result of the
// normaliser; the others await the phone records and the identity graph.
import type { Check, CheckContext, NormalizedRequest, PhoneInput } from '../types';
import { describeFindings, riskiest } from './findings';
import { awaitingCheck, makeCheck } from './make-check';
import { phoneTypeFinding } from './phone-type';

const NO_PHONE = 'No phone was provided.';

function formatInvalid(phones: readonly PhoneInput[]): Check {
  const details = phones.map((phone) => {
    const region = phone.region === null ? '' : ` for region ${phone.region}`;
    return phone.valid ? `A valid number${region}` : `Not a valid number${region} in its numbering plan`;
  });
  const invalid = phones.some((phone) => !phone.valid);
  return makeCheck('PHONE_FORMAT_INVALID', invalid ? 'TRUE' : 'FALSE', describeFindings('phone', details));
}

/** Unlike the email checks, an UNKNOWN line type (premium rate, pager...) outranks a mobile. */
function phoneType(phones: readonly PhoneInput[]): Check {
  const findings = phones.map(phoneTypeFinding);
  const decisive = riskiest(findings);
  const description = describeFindings(
    'phone',
    findings.map((finding) => finding.detail),
  );
  return makeCheck('PHONE_TYPE', decisive?.state ?? 'UNKNOWN', description, decisive?.risk);
}

export function phoneChecks(input: NormalizedRequest, _ctx: CheckContext): Check[] {
  const { phones } = input;
  if (phones.length === 0) {
    return [
      makeCheck('PHONE_DNO_TEXT', 'NONE', NO_PHONE),
      makeCheck('PHONE_DNO_VOICE', 'NONE', NO_PHONE),
      makeCheck('PHONE_FIRST_SEEN', 'NONE', NO_PHONE),
      makeCheck('PHONE_FORMAT_INVALID', 'NONE', NO_PHONE),
      makeCheck('PHONE_LAST_SEEN', 'NONE', NO_PHONE),
      makeCheck('PHONE_LOCATION_MISMATCH', 'UNKNOWN', NO_PHONE),
      makeCheck('PHONE_PORT', 'UNKNOWN', NO_PHONE),
      makeCheck('PHONE_PREV_TYPE', 'NONE', NO_PHONE),
      makeCheck('PHONE_TYPE', 'NONE', NO_PHONE),
    ];
  }
  const observations = "the identity graph's observations of this phone";
  return [
    awaitingCheck('PHONE_DNO_TEXT', 'the phone records (do-not-originate flags)'),
    awaitingCheck('PHONE_DNO_VOICE', 'the phone records (do-not-originate flags)'),
    awaitingCheck('PHONE_FIRST_SEEN', observations),
    formatInvalid(phones),
    awaitingCheck('PHONE_LAST_SEEN', observations),
    awaitingCheck('PHONE_LOCATION_MISMATCH', 'the phone records (carrier location of the number)'),
    awaitingCheck('PHONE_PORT', 'the phone records (carrier history)'),
    awaitingCheck('PHONE_PREV_TYPE', 'the phone records (carrier history)'),
    phoneType(phones),
  ];
}
