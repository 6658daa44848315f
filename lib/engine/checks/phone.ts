// The Phone package. PHONE_FORMAT_INVALID reads the libphonenumber result of the normaliser;
// PHONE_TYPE the latest carrier record, else the numbering plan; PHONE_LOCATION_MISMATCH the
// number's region and NANP area code; sightings, ports and do-not-originate flags come from the
// identity graph and the carrier records.
import type { PhoneFacts } from '../graph/facts';
import type { Check, CheckContext, NormalizedRequest, PhoneInput } from '../types';
import { decide, describeFindings } from './findings';
import { makeCheck } from './make-check';
import { awaitingPhoneGraphChecks, phoneFacts, phoneGraphChecks } from './phone-graph';
import { phoneLocation } from './phone-location';
import { currentTypeFinding } from './phone-records';
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

/**
 * Unlike the email checks, an UNKNOWN line type (premium rate, pager...) outranks a mobile; an
 * invalid number (NONE, PHONE_FORMAT_INVALID's fact) speaks only when no number has a type.
 */
function phoneType(phones: readonly PhoneInput[], facts: readonly PhoneFacts[] | null): Check {
  const findings = phones.map((phone, index) => {
    const known = facts?.[index];
    return known === undefined ? phoneTypeFinding(phone) : currentTypeFinding(phone, known);
  });
  const decisive = decide(findings, ['NONE']);
  const description = describeFindings(
    'phone',
    findings.map((finding) => finding.detail),
  );
  return makeCheck('PHONE_TYPE', decisive?.state ?? 'UNKNOWN', description, decisive?.risk);
}

export function phoneChecks(input: NormalizedRequest, ctx: CheckContext): Check[] {
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
  const facts = ctx.graph === null ? null : phoneFacts(phones, ctx.graph);
  return [
    formatInvalid(phones),
    phoneLocation(phones, input.location),
    phoneType(phones, facts),
    ...(facts === null ? awaitingPhoneGraphChecks() : phoneGraphChecks(phones, facts, ctx.now)),
  ];
}
