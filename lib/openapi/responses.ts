// Headers, the request-id parameter and the problem responses shared by the operations.
import { PROBLEM_CODES, type ProblemCode, TITLES } from '@/lib/contract/problem-codes';
import { schemaRef } from './components';
import type { Example, Header, Parameter, Reference, ResponseObject } from './types';

const integer = { type: 'integer', minimum: 0 };

export const HEADERS = {
  'X-Request-Id': {
    description:
      'Id of this request: a well-formed incoming X-Request-Id is echoed, otherwise one is generated. ' +
      'Quote it to support; errors carry it as requestId.',
    required: true,
    schema: { type: 'string' },
  },
  'RateLimit-Limit': {
    description:
      'Requests the token bucket of this key and endpoint holds (one second of its rate): the ' +
      "key's own rate, else its workspace's default (100 per second unless an admin changed it).",
    required: true,
    schema: integer,
  },
  'RateLimit-Remaining': {
    description: 'Requests left in the bucket now.',
    required: true,
    schema: integer,
  },
  'RateLimit-Reset': {
    description: 'Seconds until the bucket is full again.',
    required: true,
    schema: integer,
  },
  'Retry-After': {
    description: 'Seconds to wait before retrying.',
    required: true,
    schema: { type: 'integer', minimum: 1 },
  },
  'WWW-Authenticate': {
    description: 'The authentication scheme to use: Bearer.',
    required: true,
    schema: { type: 'string', const: 'Bearer' },
  },
} satisfies Record<string, Header>;

type HeaderName = keyof typeof HEADERS;

const headerRef = (name: HeaderName): Reference => ({ $ref: `#/components/headers/${name}` });

export const headerRefs = (...names: HeaderName[]): Record<string, Reference> =>
  Object.fromEntries(names.map((name) => [name, headerRef(name)]));

/** Headers of every answer of a keyed operation: the request id and the rate-limit state. */
export const RATE_LIMIT_HEADERS: readonly HeaderName[] = [
  'X-Request-Id',
  'RateLimit-Limit',
  'RateLimit-Remaining',
  'RateLimit-Reset',
];

export const PARAMETERS = {
  RequestId: {
    name: 'X-Request-Id',
    in: 'header',
    description:
      'Optional id of the call for your own tracing: 8 to 128 letters, digits or . _ : - are echoed ' +
      'back and logged; anything else is replaced by a generated id.',
    required: false,
    schema: { type: 'string', maxLength: 128, pattern: '^[A-Za-z0-9._:-]{8,128}$' },
  },
} satisfies Record<string, Parameter>;

export const requestIdParameter: Reference = { $ref: '#/components/parameters/RequestId' };

export const PROBLEM_REQUEST_ID = 'req_4Ld9sWq2Xv8KmN3pT7yBcE';

const problemType = (code: ProblemCode): string => `/docs/errors#${code.toLowerCase().replaceAll('_', '-')}`;

/** What the service answers for a code, with a typical detail. */
export function problemExample(code: ProblemCode, detail: string, extra: object = {}): Example {
  return {
    summary: `${code}: ${TITLES[code]}`,
    description: PROBLEM_CODES[code].description,
    value: {
      type: problemType(code),
      title: TITLES[code],
      status: PROBLEM_CODES[code].status,
      detail,
      code,
      requestId: PROBLEM_REQUEST_ID,
      ...extra,
    },
  };
}

/** A typical detail per code, as the service words it. */
const DETAILS: Record<ProblemCode, string> = {
  MALFORMED_JSON: "The request body is not valid JSON: Expected ',' or '}' after property value in JSON.",
  INVALID_INPUT: 'birthday: must be an ISO 8601 date in the form YYYY-MM-DD',
  NO_MINIMUM_IDENTIFIER:
    'the request needs at least one identifier: email or emails, phone or phones, a profile with url, ' +
    'username or userid, ssns, ipAddress, or name together with location; a name alone is not enough, ' +
    'add location or another identifier',
  TOO_MANY_EMAILS:
    'emails: at most 20 addresses per request (email and emails together, duplicates removed), got 23',
  MULTIPLE_SSNS: 'ssns: at most one SSN per request, got 2 different values',
  MIXED_EMAIL_FORMS:
    'emails.1: is the sha256 hash of the address sent in cleartext at emails.0; send each address in one form only',
  COUNTRY_FILTER_CONFLICT:
    'excludedCountries: cannot be combined with countries: send countries to restrict the results, or excludedCountries, not both',
  UNKNOWN_SESSION: 'No session with this sessionId exists in this workspace.',
  UNKNOWN_LIST_ENTRY: 'No list entry with this id exists in this workspace.',
  UNAUTHORIZED: 'The API key is invalid, expired or revoked.',
  FORBIDDEN: 'This API key is not enabled for verify.',
  RATE_LIMITED: 'Rate limit of 10 requests per second for this key on verify exceeded; retry after 1s.',
  QUOTA_EXCEEDED: 'The trial quota of 100 Verify calls for this workspace is used up.',
  DATA_DELETED: 'The person behind an identifier of this request asked for their data to be deleted.',
  PAYLOAD_TOO_LARGE: 'The request body exceeds 262144 bytes (256 KiB).',
  UNSUPPORTED_MEDIA_TYPE: 'Send the body as application/json (UTF-8).',
  METHOD_NOT_ALLOWED: 'This operation does not take GET.',
  NOT_FOUND: 'No API operation at /api/verfy.',
  INTERNAL: `Internal error. Quote request id ${PROBLEM_REQUEST_ID} to support.`,
  UNAVAILABLE: `The service is temporarily unavailable; retry shortly. Quote request id ${PROBLEM_REQUEST_ID} if it persists.`,
  STORAGE_FULL: "The database's storage is full; nothing of this request was stored. Retry after 5 s.",
};

const EXTRA: Partial<Record<ProblemCode, object>> = {
  INVALID_INPUT: {
    errors: [
      {
        path: 'birthday',
        message: 'birthday: must be an ISO 8601 date in the form YYYY-MM-DD',
        code: 'INVALID_INPUT',
      },
    ],
  },
  TOO_MANY_EMAILS: {
    errors: [
      {
        path: 'emails',
        message:
          'emails: at most 20 addresses per request (email and emails together, duplicates removed), got 23',
        code: 'TOO_MANY_EMAILS',
      },
    ],
  },
};

// A keyed operation's refusals before its key is accepted (401, 403) carry no rate-limit state;
// every answer after it does (lib/http/api-route.ts), 5xx aside: a failure may come first.
const HEADERS_BY_STATUS: Partial<Record<number, readonly HeaderName[]>> = {
  400: RATE_LIMIT_HEADERS,
  401: ['X-Request-Id', 'WWW-Authenticate'],
  404: RATE_LIMIT_HEADERS,
  409: RATE_LIMIT_HEADERS,
  413: RATE_LIMIT_HEADERS,
  415: RATE_LIMIT_HEADERS,
  422: RATE_LIMIT_HEADERS,
  429: [...RATE_LIMIT_HEADERS, 'Retry-After'],
  503: ['X-Request-Id', 'Retry-After'],
};

/** One response per status, listing every code the operation may answer with under it. */
export function problemResponses(codes: readonly ProblemCode[]): Record<string, ResponseObject> {
  const byStatus = new Map<number, ProblemCode[]>();
  for (const code of codes) {
    const { status } = PROBLEM_CODES[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const responses: Record<string, ResponseObject> = {};
  for (const [status, group] of [...byStatus].sort(([a], [b]) => a - b)) {
    const listed = group.map((code) => `- \`${code}\`: ${PROBLEM_CODES[code].description}`).join('\n');
    responses[String(status)] = {
      description: `${group.map((code) => TITLES[code]).join(' / ')}.\n\n${listed}`,
      headers: headerRefs(...(HEADERS_BY_STATUS[status] ?? ['X-Request-Id'])),
      content: {
        'application/problem+json': {
          schema: {
            allOf: [schemaRef('Problem')],
            properties: { status: { const: status }, code: { enum: group } },
          },
          examples: Object.fromEntries(
            group.map((code) => [code, problemExample(code, DETAILS[code], EXTRA[code])]),
          ),
        },
      },
    };
  }
  return responses;
}
