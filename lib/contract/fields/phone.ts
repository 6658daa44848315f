import { type PhoneNumber, parsePhoneNumberFromString } from 'libphonenumber-js/max';
import type { PhoneInput, PhoneLineType } from '@/lib/engine/types';

const DEFAULT_COUNTRY = 'US';

function lineTypeOf(parsed: PhoneNumber): PhoneLineType {
  const type = parsed.getType();
  if (type === undefined) return 'UNKNOWN';
  return type === 'FIXED_LINE' ? 'LANDLINE' : type;
}

function parse(text: string): PhoneNumber | undefined {
  return parsePhoneNumberFromString(text, DEFAULT_COUNTRY);
}

/**
 * Best-effort E.164 normalisation with the US as default country (spec input rule 2). An
 * unparseable string is not a request error: it comes back with `e164: null, valid: false` so
 * PHONE_FORMAT_INVALID can report it.
 */
export function normalizePhone(raw: string): PhoneInput {
  // NFKC turns fullwidth digits and plus signs into ASCII.
  let text = raw.normalize('NFKC').trim();
  // `00` is the international prefix almost everywhere; a US national number never starts with 0.
  if (text.startsWith('00')) text = `+${text.slice(2)}`;
  let parsed = parse(text);
  if (parsed?.isValid() !== true && /^\d{8,15}$/.test(text)) {
    // Digits that are not a US number may be E.164 without its `+`.
    const international = parse(`+${text}`);
    if (international?.isValid() === true) parsed = international;
  }
  if (parsed === undefined || !parsed.isPossible()) {
    return { raw, e164: null, valid: false, region: null, lineType: null };
  }
  const valid = parsed.isValid();
  return {
    raw,
    e164: parsed.number,
    valid,
    region: parsed.country ?? null,
    lineType: valid ? lineTypeOf(parsed) : 'UNKNOWN',
  };
}

/** Identity of a phone for de-duplication: the E.164 form, or the trimmed text when unparseable. */
export function phoneKey(phone: PhoneInput): string {
  return phone.e164 ?? `raw:${phone.raw.trim()}`;
}
