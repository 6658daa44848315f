import { type PhoneNumber, parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { LRUCache } from 'lru-cache';
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
 * The answers for recently seen texts. Parsing with libphonenumber's full metadata was the
 * largest Node cost of ingestion (about a tenth of a batch's CPU, `--cpu-prof`), and feeds and
 * Verify calls send the same numbers again and again; the answer depends on the text alone.
 */
const recent = new LRUCache<string, Readonly<PhoneInput>>({ max: 20_000 });

/**
 * Best-effort E.164 normalisation with the US as default country (spec input rule 2). An
 * unparseable string is not a request error: it comes back with `e164: null, valid: false` so
 * PHONE_FORMAT_INVALID can report it.
 */
export function normalizePhone(raw: string): PhoneInput {
  const known = recent.get(raw);
  // A copy: a caller may change its answer without changing the next caller's.
  if (known !== undefined) return { ...known };
  const answer = parsePhone(raw);
  recent.set(raw, { ...answer });
  return answer;
}

function parsePhone(raw: string): PhoneInput {
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
