// The one error shape of the API (decisions.md "Error body"), with every code, the status it
// comes with and what it means. Records keyed by the code unions keep the lists exhaustive.
import { z } from 'zod';
import type { InputErrorCode } from '@/lib/engine/types';
import type { ProblemCode } from '@/lib/http/problem';

export interface ProblemCodeDoc {
  status: number;
  description: string;
}

export const PROBLEM_CODES: Readonly<Record<ProblemCode, ProblemCodeDoc>> = {
  MALFORMED_JSON: {
    status: 400,
    description: 'The body is empty, not valid JSON or not valid UTF-8.',
  },
  INVALID_INPUT: {
    status: 400,
    description:
      'A field has the wrong JSON type, an unknown enum value, a malformed date, country code or IP ' +
      'address, or breaks a length limit; or the body is not a JSON object. Unknown fields are ignored.',
  },
  NO_MINIMUM_IDENTIFIER: {
    status: 400,
    description:
      'None of the core identifiers: email(s), phone(s), a profile with url, username or userid, ssns, ' +
      'ipAddress, or name together with location.',
  },
  TOO_MANY_EMAILS: {
    status: 400,
    description: 'More than 20 distinct addresses in email and emails together.',
  },
  MULTIPLE_SSNS: { status: 400, description: 'More than one distinct SSN value in ssns.' },
  MIXED_EMAIL_FORMS: {
    status: 400,
    description: 'An address was sent both in cleartext and as a hash; send each address in one form.',
  },
  COUNTRY_FILTER_CONFLICT: {
    status: 400,
    description: 'Signals only: countries and excludedCountries are mutually exclusive.',
  },
  UNKNOWN_SESSION: {
    status: 404,
    description:
      "The sessionId does not name a session of the caller's workspace (whether it exists elsewhere is never revealed).",
  },
  UNAUTHORIZED: {
    status: 401,
    description: 'The Authorization header is absent, or the key is invalid, revoked or unknown.',
  },
  FORBIDDEN: { status: 403, description: 'The key is valid but not enabled for this operation (scope).' },
  RATE_LIMITED: {
    status: 429,
    description:
      'The per-key, per-endpoint rate limit is exceeded; retry after Retry-After seconds with exponential back-off.',
  },
  QUOTA_EXCEEDED: {
    status: 429,
    description: "Verify only: the trial quota of the key's workspace is used up.",
  },
  DATA_DELETED: {
    status: 410,
    description:
      'Verify only: an identifier of the request belongs to a person who asked for their data to be deleted. ' +
      'Only keyed hashes are kept, so the data does not return, and nothing of the request is stored.',
  },
  PAYLOAD_TOO_LARGE: {
    status: 413,
    description:
      'The body exceeds 256 KiB (32 MiB for the ingestion feeds), or a feed holds more than 10,000 items.',
  },
  UNSUPPORTED_MEDIA_TYPE: {
    status: 415,
    description: 'The body is not application/json in UTF-8 (the feeds also take application/x-ndjson).',
  },
  METHOD_NOT_ALLOWED: { status: 405, description: 'The path exists but not with this HTTP method.' },
  NOT_FOUND: { status: 404, description: 'No API operation at this path.' },
  INTERNAL: {
    status: 500,
    description: 'Internal error of the service. No stack trace or SQL is shown; quote requestId to support.',
  },
  UNAVAILABLE: {
    status: 503,
    description:
      'Temporary internal error (for example the database is unreachable); retry after Retry-After seconds.',
  },
};

/** The codes a single field error can carry: the parser's subset of the problem codes. */
const INPUT_ERROR_CODES: Readonly<Record<InputErrorCode, true>> = {
  INVALID_INPUT: true,
  NO_MINIMUM_IDENTIFIER: true,
  TOO_MANY_EMAILS: true,
  MULTIPLE_SSNS: true,
  MIXED_EMAIL_FORMS: true,
  COUNTRY_FILTER_CONFLICT: true,
};

const codeList = (codes: Readonly<Record<string, unknown>>): [string, ...string[]] => {
  const [first = '', ...rest] = Object.keys(codes);
  return [first, ...rest];
};

export const fieldErrorSchema = z
  .object({
    path: z
      .string()
      .describe(
        'Dotted path of the offending field, e.g. "emails.3" or "location.postalCode"; "" for the body.',
      ),
    message: z.string().describe('What is wrong, prefixed with the path.'),
    code: z.enum(codeList(INPUT_ERROR_CODES)).describe('The rule this field breaks.'),
  })
  .describe('One violated input rule.');

export const problemSchema = z
  .object({
    type: z
      .string()
      .meta({ format: 'uri-reference' })
      .describe('URI reference of the documentation of this code, e.g. /docs/errors#no-minimum-identifier.'),
    title: z.string().describe('Short, human-readable summary of the code; the same for every occurrence.'),
    status: z.int().min(400).max(599).describe('The HTTP status code, repeated.'),
    detail: z.string().describe('Explanation specific to this occurrence.'),
    code: z.enum(codeList(PROBLEM_CODES)).describe('Stable machine-readable name of the error.'),
    requestId: z.string().describe('The X-Request-Id of the call, to look it up in the service logs.'),
    errors: z
      .array(fieldErrorSchema)
      .optional()
      .describe('Input-rule violations: every offending path, not only the first. Present on 400 only.'),
  })
  .describe(
    'RFC 9457 problem details (Content-Type: application/problem+json), the one error shape of the API.',
  );
