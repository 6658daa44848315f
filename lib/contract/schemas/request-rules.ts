// The cross-field rules of MultiFieldReq (docs/api/request-fields.md): limits counted over the
// singular and plural fields together, one form per address, the address needs a name, the
// minimum input, and Signals' country filters. Refinements of the schemas in ./request.ts.
import type { z } from 'zod';
import { type DigestAlgorithm, digestOf } from '@/lib/contract/fields/digests';
import { type EmailText, emailTextKey, readEmail } from '@/lib/contract/fields/email';
import { MAX_EMAILS, MAX_PHONES, MAX_PROFILES, MAX_RAW_ENTRIES } from '@/lib/contract/limits';
import type { InputErrorCode } from '@/lib/engine/types';
import {
  collectPhones,
  collectProfiles,
  collectStrings,
  distinctBy,
  isRecord,
  type JsonRecord,
  type Located,
  nonBlank,
  objectPresent,
  present,
} from './request-items';

/** A rule's issue, carrying the InputErrorCode the parser reports it under. */
export function issue(
  ctx: z.core.$RefinementCtx<unknown>,
  path: PropertyKey[],
  message: string,
  code: InputErrorCode = 'INVALID_INPUT',
): void {
  ctx.addIssue({ code: 'custom', path, message, params: { code }, continue: true });
}

/** An array past its raw cap is reported by its field schema; the rules never read its entries. */
const overCap = (value: unknown): boolean => Array.isArray(value) && value.length > MAX_RAW_ENTRIES;

const collectEmails = (body: JsonRecord): Located<EmailText>[] =>
  distinctBy(
    collectStrings(body, 'email', 'emails').map(({ path, value }) => ({ path, value: readEmail(value) })),
    emailTextKey,
  );

const DIGESTS: readonly DigestAlgorithm[] = ['md5', 'sha1', 'sha256'];

function checkEmails(body: JsonRecord, ctx: z.core.$RefinementCtx<unknown>): void {
  if (overCap(body.emails)) return;
  const emails = collectEmails(body);
  if (emails.length > MAX_EMAILS) {
    issue(
      ctx,
      ['emails'],
      `at most ${MAX_EMAILS} addresses per request (email and emails together, duplicates removed), got ${emails.length}`,
      'TOO_MANY_EMAILS',
    );
  }
  // Only the forms the caller hashed need computing: the common request sends none.
  const hashed = new Set(emails.map(({ value }) => value.form));
  const algorithms = DIGESTS.filter((algorithm) => hashed.has(algorithm));
  if (algorithms.length === 0) return;
  // Each digest of each cleartext address, pointing back at where that address was sent.
  const cleartextAt = new Map<string, string>();
  for (const { path, value } of emails) {
    if (value.form !== 'cleartext') continue;
    for (const algorithm of algorithms) {
      const digest = digestOf(algorithm, value.address);
      if (!cleartextAt.has(digest)) cleartextAt.set(digest, path);
    }
  }
  for (const { path, value } of emails) {
    if (value.form === 'cleartext') continue;
    const cleartextPath = cleartextAt.get(value.digest);
    if (cleartextPath !== undefined) {
      issue(
        ctx,
        path.split('.'),
        `is the ${value.form} hash of the address sent in cleartext at ${cleartextPath}; send each address in one form only`,
        'MIXED_EMAIL_FORMS',
      );
    }
  }
}

/** Distinct-value limits over a singular field and its plural together (emails have their own rule). */
const COUNTED_FIELDS = [
  { single: 'phone', plural: 'phones', noun: 'numbers', max: MAX_PHONES, collect: collectPhones },
  { single: 'profile', plural: 'profiles', noun: 'profiles', max: MAX_PROFILES, collect: collectProfiles },
] as const;

function checkLimits(body: JsonRecord, ctx: z.core.$RefinementCtx<unknown>): void {
  for (const { single, plural, noun, max, collect } of COUNTED_FIELDS) {
    const count = overCap(body[plural]) ? 0 : collect(body).length;
    if (count > max) {
      issue(
        ctx,
        [plural],
        `at most ${max} ${noun} per request (${single} and ${plural} together, duplicates removed), got ${count}`,
      );
    }
  }
}

function checkAddress(body: JsonRecord, ctx: z.core.$RefinementCtx<unknown>): void {
  const { location, name } = body;
  if (!isRecord(location)) return;
  if (nonBlank(location.addressLine2) && !nonBlank(location.addressLine1)) {
    issue(ctx, ['location', 'addressLine1'], 'required when location.addressLine2 is given');
  }
  if (!nonBlank(location.addressLine1)) return;
  // A wrongly typed name is already reported; only an absent or incomplete one is reported here.
  if (name !== undefined && name !== null && !isRecord(name)) return;
  for (const part of ['given', 'family'] as const) {
    if (!nonBlank(name?.[part])) issue(ctx, ['name', part], 'required when location.addressLine1 is given');
  }
}

const identifiesProfile = (value: unknown): boolean =>
  !isRecord(value) || ['url', 'username', 'userid'].some((key) => present(value[key]));

const profilesWrongType = (value: unknown): boolean =>
  value !== undefined && value !== null && !Array.isArray(value);

function checkMinimumInput(body: JsonRecord, ctx: z.core.$RefinementCtx<unknown>): void {
  const profiles = [body.profile, ...(Array.isArray(body.profiles) ? body.profiles : [])];
  const satisfied =
    // A non-array `profiles` is a type error reported apart; it still shows what the caller meant.
    profilesWrongType(body.profiles) ||
    present(body.email) ||
    present(body.emails) ||
    present(body.phone) ||
    present(body.phones) ||
    profiles.some((profile) => objectPresent(profile) && identifiesProfile(profile)) ||
    present(body.ssns) ||
    present(body.ipAddress) ||
    (objectPresent(body.name) && objectPresent(body.location));
  if (satisfied) return;
  let hint = '';
  if (objectPresent(body.name)) hint = '; a name alone is not enough, add location or another identifier';
  else if (objectPresent(body.location))
    hint = '; a location alone is not enough, add name or another identifier';
  issue(
    ctx,
    [],
    'the request needs at least one identifier: email or emails, phone or phones, a profile with url, ' +
      `username or userid, ssns, ipAddress, or name together with location${hint}`,
    'NO_MINIMUM_IDENTIFIER',
  );
}

export function sharedRules(value: unknown, ctx: z.core.$RefinementCtx<unknown>): void {
  if (!isRecord(value)) return;
  identifierRules(value, ctx);
  checkMinimumInput(value, ctx);
}

/** Every rule but the minimum input: for feeds whose item identifies itself (a profile record). */
export function identifierRules(value: unknown, ctx: z.core.$RefinementCtx<unknown>): void {
  if (!isRecord(value)) return;
  checkEmails(value, ctx);
  checkLimits(value, ctx);
  checkAddress(value, ctx);
}

export function signalsRules(value: unknown, ctx: z.core.$RefinementCtx<unknown>): void {
  if (!isRecord(value)) return;
  if (present(value.countries) && present(value.excludedCountries)) {
    issue(
      ctx,
      ['excludedCountries'],
      'cannot be combined with countries: send countries to restrict the results, or excludedCountries, not both',
      'COUNTRY_FILTER_CONFLICT',
    );
  }
}
