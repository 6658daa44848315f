// MultiFieldReq, the request body of Verify and Signals (docs/api/request-fields.md): one zod schema
// with each operation's view of it, the source of the engine's parser, the console form and the
// OpenAPI document. Part of the wire contract, so the browser may import it (no node:, db or Next).
import { z } from 'zod';
import { birthdayProblem } from '@/lib/contract/fields/birthday';
import { isValidIpAddress } from '@/lib/contract/fields/ip';
import { isCountryCode, postalCodeProblem } from '@/lib/contract/fields/location';
import { distinctSsns, SSN_PATTERN } from '@/lib/contract/fields/ssn';
import { PATTERN_INTERVALS } from '@/lib/contract/intervals';
import {
  MAX_BODY_BYTES,
  MAX_COUNTRIES,
  MAX_EMAILS,
  MAX_PHONES,
  MAX_PROFILES,
  MAX_RAW_ENTRIES,
} from '@/lib/contract/limits';
import { isBlank, isRecord, ssnsOf } from './request-items';
import { identifierRules, issue, sharedRules, signalsRules } from './request-rules';

const REGION_CODE = /^[A-Za-z0-9]{2,3}$/;

// Refinements also run over values whose own parse failed: they guard their input themselves.
const whenRecord = { when: (payload: { value: unknown }) => isRecord(payload.value) };
const whenArray = { when: (payload: { value: unknown }) => Array.isArray(payload.value) };

/**
 * Echoes a short, non-personal input (a code or enum value) in a message, cut to a sane length.
 * Objects and arrays are named, not serialised: one nested thousands deep would overflow the stack.
 */
function quote(value: unknown): string {
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object' && value !== null) return 'an object';
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}

// ---------------------------------------------------------------------------------------------
// Field schemas. Messages are field-local ("must be a string"); the parser prefixes the path.

function text(max: number, description: string) {
  return z
    .string({ error: 'must be a string' })
    .max(max, {
      error: (iss) =>
        `must be at most ${max} characters${typeof iss.input === 'string' ? `, got ${iss.input.length}` : ''}`,
    })
    .nullish()
    .describe(description);
}

function formatted(max: number, valid: (value: string) => boolean, problem: string, description: string) {
  return (
    z
      .string({ error: 'must be a string' })
      // abort: an over-long value gets one error, not also the format's.
      .max(max, { error: problem, abort: true })
      .refine((value) => isBlank(value) || valid(value.trim()), { error: problem })
      .nullish()
      .describe(description)
  );
}

const count = (description: string) =>
  z
    .int({ error: 'must be a non-negative integer' })
    .min(0, { error: 'must be a non-negative integer' })
    .meta({ format: 'int64' })
    .nullish()
    .describe(description);

/**
 * An array field capped by its raw length before any entry is parsed (docs/api/limits.md): past
 * the cap it is one error and its entries are never read. The OpenAPI document shows `schema`.
 */
function capped<T extends z.ZodType>(schema: T, max: number) {
  return z.preprocess((value, ctx) => {
    if (Array.isArray(value) && value.length > max) {
      ctx.addIssue({ code: 'custom', message: `must list at most ${max} entries, got ${value.length}` });
    }
    return value;
  }, schema);
}

const objectError = { error: 'must be an object' };
const arrayError = { error: 'must be an array' };

/**
 * A string whose only bound is the body's: an over-long email or phone is evaluated (EMAIL_INVALID,
 * PHONE_FORMAT_INVALID say TRUE) like any malformed one, and an over-long session id is an unknown
 * one (docs/api/request-fields.md). No string in a 256 KiB body can reach the bound; it is
 * declared so the document bounds every field, and it caps a feed item's field (32 MiB bodies).
 */
const bodyBoundString = () =>
  z
    .string({ error: 'must be a string' })
    .max(MAX_BODY_BYTES, { error: `must be at most ${MAX_BODY_BYTES} characters` });
const emailString = bodyBoundString();
const phoneString = bodyBoundString();

/** An SSN entry: 9 digits with two dashes at most, with room for the blanks the parser trims. */
const MAX_SSN_LENGTH = 64;
/** A country code is two letters; the parser also trims blanks around them. */
const MAX_COUNTRY_CODE_LENGTH = 16;

const countryCodeString = z
  .string({ error: 'must be a string' })
  .max(MAX_COUNTRY_CODE_LENGTH, {
    error: 'must be an ISO 3166-1 alpha-2 country code such as US or GB',
    abort: true,
  })
  .refine((value) => isCountryCode(value), {
    error: (iss) => `must be an ISO 3166-1 alpha-2 country code such as US or GB, got ${quote(iss.input)}`,
  });

// Objects strip unknown keys: any field the schema does not name is accepted and ignored, never
// stored (docs/api/request-fields.md).
const profileSchema = z
  .object(
    {
      service: text(64, 'Platform the profile lives on, e.g. "github" or "linkedin".'),
      url: text(2048, 'Profile URL.'),
      username: text(256, 'Handle on the platform, with or without a leading @.'),
      userid: text(256, 'Platform-specific numeric or opaque user id.'),
      followers: count('Follower count.'),
      following: count('Count of accounts the profile follows.'),
      score: z
        .number({ error: 'must be a number' })
        .nullish()
        .describe('Platform-specific reputation or influence score.'),
      bio: text(2000, 'Profile biography text.'),
    },
    objectError,
  )
  .describe(
    'A social profile. One of url, username or userid identifies it; without them it is kept as ' +
      'supporting evidence but does not count toward the minimum input.',
  );

const nameSchema = z
  .object(
    {
      given: text(100, 'First name (ASCII preferred). Required when location.addressLine1 is given.'),
      middle: text(100, 'Middle name or initial.'),
      family: text(100, 'Last name. Required when location.addressLine1 is given.'),
    },
    objectError,
  )
  .describe('Name of the person. Counts as an identifier only together with location.');

const locationSchema = z
  .object(
    {
      addressLine1: text(200, 'Street number and primary line. Needs name.given and name.family.'),
      addressLine2: text(200, 'Apartment, suite, unit or other secondary line. Needs addressLine1.'),
      city: text(100, 'City or locality.'),
      region: text(100, 'Region or state by full name.'),
      regionCode: formatted(
        3,
        (value) => REGION_CODE.test(value),
        'must be 2 or 3 letters or digits, e.g. CA or NSW',
        'Region or state abbreviation, e.g. CA.',
      ),
      postalCode: text(16, 'Postal code. In the US (or when no country is given) 12345 or 12345-6789.'),
      country: text(100, 'Country by full name; its alpha-2 code is derived when countryCode is absent.'),
      countryCode: formatted(
        2,
        isCountryCode,
        'must be an ISO 3166-1 alpha-2 country code such as US or GB',
        'ISO 3166-1 alpha-2 country code, case-insensitive.',
      ),
    },
    objectError,
  )
  .superRefine((value: unknown, ctx) => {
    if (!isRecord(value)) return;
    const { postalCode, countryCode, country } = value;
    if (typeof postalCode !== 'string') return;
    const problem = postalCodeProblem({
      postalCode,
      countryCode: typeof countryCode === 'string' ? countryCode : null,
      country: typeof country === 'string' ? country : null,
    });
    if (problem !== null) issue(ctx, ['postalCode'], problem);
  }, whenRecord)
  .describe('Postal address or partial location. Counts as an identifier only together with name.');

const SSN_PROBLEM =
  'must be a full SSN of 9 digits, with or without dashes (123-45-6789), or its last 4 digits';

const ssnsSchema = capped(
  z
    .array(
      z
        .string({ error: 'must be a string' })
        .max(MAX_SSN_LENGTH, { error: SSN_PROBLEM, abort: true })
        .refine((value) => isBlank(value) || SSN_PATTERN.test(value.trim()), {
          error: SSN_PROBLEM,
        }),
      arrayError,
    )
    .superRefine((value: unknown, ctx) => {
      if (!Array.isArray(value)) return;
      const distinct = distinctSsns(ssnsOf(value));
      if (distinct.length > 1) {
        issue(
          ctx,
          [],
          `at most one SSN per request, got ${distinct.length} different values`,
          'MULTIPLE_SSNS',
        );
      }
    }, whenArray)
    .max(MAX_RAW_ENTRIES)
    .nullish()
    .describe(
      'One SSN value: 9 digits with or without dashes, or the last 4 digits. The same value may be ' +
        'repeated; a full SSN together with a last four (even its own) is two values.',
    ),
  MAX_RAW_ENTRIES,
);

const birthdaySchema = z
  .string({ error: 'must be a string' })
  .max(10, { error: 'must be an ISO 8601 date in the form YYYY-MM-DD', abort: true })
  .superRefine((value, ctx) => {
    const problem = birthdayProblem(value);
    if (problem !== null) issue(ctx, [], problem);
  })
  .nullish()
  .describe('Date of birth, ISO 8601 YYYY-MM-DD, between 1900-01-01 and today.');

const sharedShape = {
  email: emailString
    .nullish()
    .describe(
      'One email: cleartext, or the lower-case hex MD5, SHA1 or SHA-256 of the trimmed, lower-cased address.',
    ),
  emails: capped(
    z
      .array(emailString, arrayError)
      .max(MAX_RAW_ENTRIES)
      .nullish()
      .describe(
        `Emails in the same forms as email. At most ${MAX_EMAILS} distinct addresses together with email, ` +
          `and ${MAX_RAW_ENTRIES} entries. Never send an address both in cleartext and hashed.`,
      ),
    MAX_RAW_ENTRIES,
  ),
  phone: phoneString
    .nullish()
    .describe(
      'One phone number, preferably E.164 (+14155552671); otherwise parsed with the US as default country.',
    ),
  phones: capped(
    z
      .array(phoneString, arrayError)
      .max(MAX_RAW_ENTRIES)
      .nullish()
      .describe(
        `Phone numbers like phone. At most ${MAX_PHONES} distinct numbers together with phone, and ${MAX_RAW_ENTRIES} entries.`,
      ),
    MAX_RAW_ENTRIES,
  ),
  profile: profileSchema.nullish(),
  profiles: capped(
    z
      .array(profileSchema, arrayError)
      .max(MAX_RAW_ENTRIES)
      .nullish()
      .describe(
        `Social profiles. At most ${MAX_PROFILES} distinct profiles together with profile, and ${MAX_RAW_ENTRIES} entries.`,
      ),
    MAX_RAW_ENTRIES,
  ),
  ssns: ssnsSchema,
  organization: text(200, 'Employer; improves precision of professional signals.'),
  title: text(200, 'Job title.'),
  name: nameSchema.nullish(),
  location: locationSchema.nullish(),
  ipAddress: formatted(
    64,
    isValidIpAddress,
    'must be an IPv4 or IPv6 address, e.g. 203.0.113.7 or 2001:db8::1',
    "IPv4 or IPv6 address of the end user's current session, not of an intermediary server.",
  ),
  birthday: birthdaySchema,
};

/** The identifier fields of MultiFieldReq, which both operations and the feeds read. */
export const IDENTIFIER_FIELDS: readonly string[] = Object.keys(sharedShape);

/** The identifier fields' schemas: the feeds' items document them (lib/contract/schemas/ingest.ts). */
export const identifierShape = sharedShape;

// ---------------------------------------------------------------------------------------------
// Operation-specific fields. Both operations accept every field (one schema, docs/api/request-fields.md): the
// operation that does not use one ignores whatever value it carries, so its schema has `ignored`.

const SESSION_ID_DESCRIPTION =
  'Verify only: joins an existing session (a previous response’s sessionId) instead of creating ' +
  'one. An id that is not one of the workspace’s sessions, whatever its form, answers 404 ' +
  'UNKNOWN_SESSION. Signals ignores it.';
const COUNTRIES_DESCRIPTION =
  'Signals only: ISO 3166-1 alpha-2 codes; only profiles with at least one of them are returned. ' +
  'Not with excludedCountries. Verify ignores it.';
const EXCLUDED_COUNTRIES_DESCRIPTION =
  'Signals only: ISO 3166-1 alpha-2 codes; a matched identity in any of them answers 204. Not with ' +
  'countries. Verify ignores it.';
const PATTERN_INTERVAL_DESCRIPTION =
  `Signals only: adds recency summaries per email for this window (beta), one of ${PATTERN_INTERVALS.join(', ')}. ` +
  'Verify ignores it.';

/** A field the operation does not use: any value is accepted and dropped. */
const ignored = (description: string) => z.unknown().optional().describe(description);

// The length is bounded by the body limit only: an id of any form that names none of the
// workspace's sessions is a 404, not a request error.
const sessionIdSchema = bodyBoundString().nullish().describe(SESSION_ID_DESCRIPTION);

const countryList = (description: string) =>
  capped(
    z
      .array(countryCodeString, arrayError)
      .max(MAX_COUNTRIES, { error: `must list at most ${MAX_COUNTRIES} countries` })
      .nullish()
      .describe(description),
    MAX_COUNTRIES,
  );

const verifyShape = { sessionId: sessionIdSchema };

const signalsShape = {
  countries: countryList(COUNTRIES_DESCRIPTION),
  excludedCountries: countryList(EXCLUDED_COUNTRIES_DESCRIPTION),
  patternInterval: z
    .enum(PATTERN_INTERVALS, {
      error: (iss) => `must be one of ${PATTERN_INTERVALS.join(', ')}, got ${quote(iss.input)}`,
    })
    .nullish()
    .describe(PATTERN_INTERVAL_DESCRIPTION),
};

const verifyIgnores = {
  countries: ignored(COUNTRIES_DESCRIPTION),
  excludedCountries: ignored(EXCLUDED_COUNTRIES_DESCRIPTION),
  patternInterval: ignored(PATTERN_INTERVAL_DESCRIPTION),
};

const signalsIgnores = { sessionId: ignored(SESSION_ID_DESCRIPTION) };

const rootError = { error: 'the request body must be a JSON object' };

const ACCEPTS_ALL =
  'Verify and Signals accept this same schema: a field that one operation does not use says so ' +
  'and is ignored by the other; every other field is used by both. Unknown fields are accepted and ' +
  'ignored.';

/**
 * MultiFieldReq, the one request schema of both operations (docs/api/request-fields.md), every field validated:
 * the document's shared schema. Each operation parses with its own view of it, below.
 */
export const multiFieldReqSchema = z
  .object({ ...sharedShape, ...verifyShape, ...signalsShape }, rootError)
  .superRefine(sharedRules, whenRecord)
  .superRefine(signalsRules, whenRecord)
  .describe(
    `MultiFieldReq: identifiers of one person. At least one core identifier is required. ${ACCEPTS_ALL}`,
  );

export const verifyRequestSchema = z
  .object({ ...sharedShape, ...verifyShape, ...verifyIgnores }, rootError)
  .superRefine(sharedRules, whenRecord)
  .describe(`POST /verify body: MultiFieldReq as Verify reads it. ${ACCEPTS_ALL}`);

export const signalsRequestSchema = z
  .object({ ...sharedShape, ...signalsShape, ...signalsIgnores }, rootError)
  .superRefine(sharedRules, whenRecord)
  .superRefine(signalsRules, whenRecord)
  .describe(`POST /signals body: MultiFieldReq as Signals reads it. ${ACCEPTS_ALL}`);

/** The identifiers of a fed event or record: the fields both operations use; others are ignored. */
const feedShape = { ...sharedShape, ...signalsIgnores, ...verifyIgnores };
export const identifiersSchema = z.object(feedShape, rootError).superRefine(sharedRules, whenRecord);

/** Like identifiersSchema, without the minimum rule: for items that identify themselves. */
export const optionalIdentifiersSchema = z
  .object(feedShape, rootError)
  .superRefine(identifierRules, whenRecord);

export type MultiFieldReqInput = z.input<typeof multiFieldReqSchema>;
export type VerifyRequestInput = z.input<typeof verifyRequestSchema>;
export type SignalsRequestInput = z.input<typeof signalsRequestSchema>;
