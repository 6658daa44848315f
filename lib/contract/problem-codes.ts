// The problem codes of the API: every code, its title, the status it comes with and what it
// means. Part of the wire contract, so browser code may import it (no node:, db or Next here).

export type ProblemCode =
  | 'MALFORMED_JSON'
  | 'INVALID_INPUT'
  | 'NO_MINIMUM_IDENTIFIER'
  | 'TOO_MANY_EMAILS'
  | 'MULTIPLE_SSNS'
  | 'MIXED_EMAIL_FORMS'
  | 'COUNTRY_FILTER_CONFLICT'
  | 'UNKNOWN_SESSION'
  | 'UNKNOWN_LIST_ENTRY'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'RATE_LIMITED'
  | 'QUOTA_EXCEEDED'
  | 'DATA_DELETED'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'METHOD_NOT_ALLOWED'
  | 'NOT_FOUND'
  | 'INTERNAL'
  | 'UNAVAILABLE'
  | 'STORAGE_FULL';

export const TITLES: Record<ProblemCode, string> = {
  MALFORMED_JSON: 'Malformed JSON',
  INVALID_INPUT: 'Invalid input',
  NO_MINIMUM_IDENTIFIER: 'No minimum identifier',
  TOO_MANY_EMAILS: 'Too many emails',
  MULTIPLE_SSNS: 'More than one SSN',
  MIXED_EMAIL_FORMS: 'Cleartext and hash of the same email',
  COUNTRY_FILTER_CONFLICT: 'Conflicting country filters',
  UNKNOWN_SESSION: 'Unknown session',
  UNKNOWN_LIST_ENTRY: 'Unknown list entry',
  UNAUTHORIZED: 'Unauthorized',
  FORBIDDEN: 'Forbidden',
  RATE_LIMITED: 'Rate limit exceeded',
  QUOTA_EXCEEDED: 'Trial quota exceeded',
  DATA_DELETED: 'Data deleted',
  PAYLOAD_TOO_LARGE: 'Payload too large',
  UNSUPPORTED_MEDIA_TYPE: 'Unsupported media type',
  METHOD_NOT_ALLOWED: 'Method not allowed',
  NOT_FOUND: 'Not found',
  INTERNAL: 'Internal error',
  UNAVAILABLE: 'Service unavailable',
  STORAGE_FULL: 'Storage full',
};

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
  UNKNOWN_LIST_ENTRY: {
    status: 404,
    description:
      "The id does not name an entry of the caller's workspace's lists (whether it exists elsewhere is never revealed).",
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
  STORAGE_FULL: {
    status: 503,
    description:
      "The database's disk is full: nothing of the request was stored and everything acknowledged before is kept. " +
      'Retry after Retry-After seconds; writes succeed again as soon as space is freed.',
  },
};
