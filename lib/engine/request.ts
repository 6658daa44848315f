// The request parser: the contract's MultiFieldReq schema (lib/contract/schemas/request.ts) decides
// what is valid; this turns its issues into FieldErrors and a valid body into a NormalizedRequest.
import type { z } from 'zod';
import { distinctSsns } from '@/lib/contract/fields/ssn';
import {
  identifiersSchema,
  optionalIdentifiersSchema,
  signalsRequestSchema,
  verifyRequestSchema,
} from '@/lib/contract/schemas/request';
import {
  collectPhones,
  collectProfiles,
  collectStrings,
  distinctBy,
  isRecord,
  type JsonRecord,
  type Located,
  nonBlank,
  optionalText,
  ssnsOf,
} from '@/lib/contract/schemas/request-items';
import { emailKey, normalizeEmail } from './normalize/email';
import { normalizeIp } from './normalize/ip';
import { normalizeLocation } from './normalize/location';
import { cleanNamePart, normalizeName } from './normalize/name';
import type {
  EmailInput,
  FieldError,
  InputErrorCode,
  NormalizedRequest,
  NormalizedSignalsRequest,
  ParseResult,
  PatternInterval,
} from './types';

/** Most specific first: the code of a failed parse is the first of these that any error carries. */
const CODE_PRIORITY: readonly InputErrorCode[] = [
  'MIXED_EMAIL_FORMS',
  'TOO_MANY_EMAILS',
  'MULTIPLE_SSNS',
  'COUNTRY_FILTER_CONFLICT',
  'NO_MINIMUM_IDENTIFIER',
  'INVALID_INPUT',
];

// ---------------------------------------------------------------------------------------------
// Issues to FieldErrors.

const isErrorCode = (value: unknown): value is InputErrorCode =>
  typeof value === 'string' && (CODE_PRIORITY as readonly string[]).includes(value);

const joinPath = (path: readonly PropertyKey[]): string => path.map(String).join('.');

const withPath = (path: string, message: string): FieldError['message'] =>
  path === '' ? message : `${path}: ${message}`;

function toFieldErrors(issues: readonly z.core.$ZodIssue[]): FieldError[] {
  return issues.map((iss): FieldError => {
    const path = joinPath(iss.path);
    const code = iss.code === 'custom' && isErrorCode(iss.params?.code) ? iss.params.code : 'INVALID_INPUT';
    return { path, message: withPath(path, iss.message), code };
  });
}

type ParseFailure = Extract<ParseResult<never>, { ok: false }>;

function failure(issues: readonly z.core.$ZodIssue[]): ParseFailure {
  const errors = toFieldErrors(issues);
  const code =
    CODE_PRIORITY.find((candidate) => errors.some((error) => error.code === candidate)) ?? 'INVALID_INPUT';
  return { ok: false, code, errors };
}

// ---------------------------------------------------------------------------------------------
// Normalisation of a body that passed the schema.

/** The distinct emails as the schema counted them, with the digests the engine keys them by. */
const collectEmails = (body: JsonRecord): Located<EmailInput>[] =>
  distinctBy(
    collectStrings(body, 'email', 'emails').map(({ path, value }) => ({
      path,
      value: normalizeEmail(value),
    })),
    emailKey,
  );

function normalizeShared(body: JsonRecord): NormalizedRequest {
  const name = isRecord(body.name) ? body.name : null;
  const location = isRecord(body.location) ? body.location : null;
  return {
    emails: collectEmails(body).map((email) => email.value),
    phones: collectPhones(body).map((phone) => phone.value),
    profiles: collectProfiles(body).map((profile) => profile.value),
    ssn: distinctSsns(ssnsOf(body.ssns))[0] ?? null,
    name: normalizeName(
      name && {
        given: optionalText(name.given),
        middle: optionalText(name.middle),
        family: optionalText(name.family),
      },
    ),
    location: normalizeLocation(
      location && {
        addressLine1: optionalText(location.addressLine1),
        addressLine2: optionalText(location.addressLine2),
        city: optionalText(location.city),
        region: optionalText(location.region),
        regionCode: optionalText(location.regionCode),
        postalCode: optionalText(location.postalCode),
        country: optionalText(location.country),
        countryCode: optionalText(location.countryCode),
      },
    ),
    ipAddress: nonBlank(body.ipAddress) ? normalizeIp(body.ipAddress) : null,
    birthday: optionalText(body.birthday),
    organization: cleanNamePart(optionalText(body.organization)),
    title: cleanNamePart(optionalText(body.title)),
    // Only Verify reads it (parseVerifyRequest).
    sessionId: null,
  };
}

const countryCodes = (value: unknown): string[] =>
  Array.isArray(value)
    ? [...new Set(value.filter((item) => typeof item === 'string').map((code) => code.trim().toUpperCase()))]
    : [];

/** Validates and normalises a POST /verify body. All violations are reported at once. */
export function parseVerifyRequest(body: unknown): ParseResult<NormalizedRequest> {
  const result = verifyRequestSchema.safeParse(body);
  if (!result.success) return failure(result.error.issues);
  return {
    ok: true,
    value: { ...normalizeShared(result.data), sessionId: optionalText(result.data.sessionId) },
  };
}

/**
 * Validates and normalises the identifiers of an ingested item. Like both operations it ignores
 * the fields it does not use (sessionId, the Signals filters) and unknown ones.
 */
export function parseIdentifierFields(
  body: unknown,
  options: { requireMinimum: boolean },
): ParseResult<NormalizedRequest> {
  const schema = options.requireMinimum ? identifiersSchema : optionalIdentifiersSchema;
  const result = schema.safeParse(body);
  if (!result.success) return failure(result.error.issues);
  return { ok: true, value: normalizeShared(result.data) };
}

/** Validates and normalises a POST /signals body. All violations are reported at once. */
export function parseSignalsRequest(body: unknown): ParseResult<NormalizedSignalsRequest> {
  const result = signalsRequestSchema.safeParse(body);
  if (!result.success) return failure(result.error.issues);
  const data = result.data;
  const interval: PatternInterval | null = data.patternInterval ?? null;
  return {
    ok: true,
    value: {
      ...normalizeShared(data),
      countries: countryCodes(data.countries),
      excludedCountries: countryCodes(data.excludedCountries),
      patternInterval: interval,
    },
  };
}
