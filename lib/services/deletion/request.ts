// The body of a deletion request: the MultiFieldReq identifiers that name one person (emails,
// phones, profiles, a full SSN), validated by the request parser plus the rules deletion adds.

import { normalizePhone } from '@/lib/contract/fields/phone';
import { normalizeSsn } from '@/lib/contract/fields/ssn';
import { IDENTIFIER_FIELDS } from '@/lib/contract/schemas/request';
import { normalizeEmail } from '@/lib/engine/normalize/email';
import { parseIdentifierFields } from '@/lib/engine/request';
import type { FieldError, InputErrorCode, NormalizedRequest, ParseResult } from '@/lib/engine/types';

/** Fields of MultiFieldReq that describe attributes many people share: never a deletion key. */
const SHARED_FIELDS = new Set(['name', 'location', 'ipAddress', 'organization', 'title', 'birthday']);

type Json = Record<string, unknown>;

const isRecord = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The non-blank strings of a singular and a plural field, with their paths. */
function located(body: Json, single: string, plural: string): { path: string; value: string }[] {
  const found: { path: string; value: string }[] = [];
  const one = body[single];
  if (typeof one === 'string' && one.trim() !== '') found.push({ path: single, value: one });
  const many = body[plural];
  if (Array.isArray(many)) {
    many.forEach((item, index) => {
      if (typeof item === 'string' && item.trim() !== '')
        found.push({ path: `${plural}.${index}`, value: item });
    });
  }
  return found;
}

const error = (path: string, message: string, code: InputErrorCode = 'INVALID_INPUT'): FieldError => ({
  path,
  message: path === '' ? message : `${path}: ${message}`,
  code,
});

/**
 * Unlike Verify and Signals, an erasure does not ignore what it cannot read: a misspelt `ssn` next
 * to an email would silently leave the SSN behind.
 */
function unknownFields(body: Json): FieldError[] {
  const known = new Map(IDENTIFIER_FIELDS.map((field) => [field.toLowerCase(), field]));
  return Object.keys(body)
    .filter((field) => !IDENTIFIER_FIELDS.includes(field))
    .map((field) => {
      const folded = field.toLowerCase();
      const hint = known.get(folded) ?? known.get(`${folded}s`);
      return error(field, hint === undefined ? 'unknown field' : `unknown field; did you mean ${hint}?`);
    });
}

const hasText = (value: unknown): boolean => typeof value === 'string' && value.trim() !== '';

/** A profile is erased by its key: one without url, username or userid names nothing. */
function keylessProfiles(body: Json): FieldError[] {
  const profiles: [string, unknown][] = [
    ['profile', body.profile],
    ...(Array.isArray(body.profiles) ? body.profiles : []).map((p, i): [string, unknown] => [
      `profiles.${i}`,
      p,
    ]),
  ];
  return profiles
    .filter(([, p]) => isRecord(p) && !hasText(p.url) && !hasText(p.username) && !hasText(p.userid))
    .map(([path]) => error(path, 'must carry a url, username or userid to be deleted'));
}

/** What the request parser accepts but a deletion cannot act on, by path. */
function deletionRules(body: Json): FieldError[] {
  const errors: FieldError[] = [...unknownFields(body), ...keylessProfiles(body)];
  for (const { path, value } of located(body, 'email', 'emails')) {
    const email = normalizeEmail(value);
    if (email.form === 'cleartext' && !email.valid) {
      errors.push(error(path, 'must be an email address or its MD5, SHA1 or SHA-256 hex digest'));
    }
  }
  for (const { path, value } of located(body, 'phone', 'phones')) {
    if (normalizePhone(value).e164 === null) {
      errors.push(error(path, 'must be a phone number, preferably E.164 such as +14155552671'));
    }
  }
  const ssns = Array.isArray(body.ssns) ? body.ssns : [];
  ssns.forEach((value, index) => {
    if (typeof value === 'string' && normalizeSsn(value)?.kind === 'last4') {
      errors.push(
        error(`ssns.${index}`, 'must be the full 9-digit SSN: the last four digits match many people'),
      );
    }
  });
  return errors;
}

/**
 * Validates a deletion request. Shared attributes (name, address, IP, employer, birthday) are
 * refused with a reason, since tombstoning them would refuse other people's requests.
 */
export function parseDeletionRequest(body: unknown): ParseResult<NormalizedRequest> {
  const refused: FieldError[] = [];
  let identifiers = body;
  if (isRecord(body)) {
    identifiers = Object.fromEntries(Object.entries(body).filter(([field]) => !SHARED_FIELDS.has(field)));
    for (const field of Object.keys(body).filter((f) => SHARED_FIELDS.has(f))) {
      refused.push(
        error(
          field,
          'cannot be deleted: names, addresses, IP addresses, employers and birthdays are shared by many ' +
            "people. Name the person's emails, phones, profiles or SSN",
        ),
      );
    }
  }
  const parsed = parseIdentifierFields(identifiers, { requireMinimum: false });
  const errors = [...refused, ...(parsed.ok ? [] : parsed.errors)];
  if (isRecord(identifiers)) errors.push(...deletionRules(identifiers));
  if (parsed.ok && errors.length === 0) {
    const value = parsed.value;
    const named = value.emails.length + value.phones.length + value.profiles.length + (value.ssn ? 1 : 0);
    if (named > 0) return { ok: true, value };
    return {
      ok: false,
      code: 'NO_MINIMUM_IDENTIFIER',
      errors: [
        error('', 'name at least one email, phone, profile or full SSN to delete', 'NO_MINIMUM_IDENTIFIER'),
      ],
    };
  }
  return { ok: false, code: parsed.ok ? 'INVALID_INPUT' : parsed.code, errors };
}
