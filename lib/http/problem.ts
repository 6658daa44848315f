import type { FieldError } from '@/lib/engine/types';

export type ProblemCode =
  | 'MALFORMED_JSON'
  | 'INVALID_INPUT'
  | 'NO_MINIMUM_IDENTIFIER'
  | 'TOO_MANY_EMAILS'
  | 'MULTIPLE_SSNS'
  | 'MIXED_EMAIL_FORMS'
  | 'COUNTRY_FILTER_CONFLICT'
  | 'UNKNOWN_SESSION'
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
  | 'UNAVAILABLE';

export const TITLES: Record<ProblemCode, string> = {
  MALFORMED_JSON: 'Malformed JSON',
  INVALID_INPUT: 'Invalid input',
  NO_MINIMUM_IDENTIFIER: 'No minimum identifier',
  TOO_MANY_EMAILS: 'Too many emails',
  MULTIPLE_SSNS: 'More than one SSN',
  MIXED_EMAIL_FORMS: 'Cleartext and hash of the same email',
  COUNTRY_FILTER_CONFLICT: 'Conflicting country filters',
  UNKNOWN_SESSION: 'Unknown session',
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
};

export interface ProblemInit {
  status: number;
  code: ProblemCode;
  detail: string;
  requestId: string;
  errors?: FieldError[];
  headers?: Record<string, string>;
}

/** RFC 9457 problem details, the one error shape of the API (docs/api/errors.md). */
export function problem({ status, code, detail, requestId, errors, headers }: ProblemInit): Response {
  const body = {
    type: `/docs/errors#${code.toLowerCase().replaceAll('_', '-')}`,
    title: TITLES[code],
    status,
    detail,
    code,
    requestId,
    ...(errors && errors.length > 0 ? { errors } : {}),
  };
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/problem+json', ...headers },
  });
}

/** Thrown by the request pipeline to answer with a problem; anything else becomes INTERNAL. */
export class ProblemError extends Error {
  constructor(
    readonly status: number,
    readonly code: ProblemCode,
    readonly detail: string,
    readonly errors?: FieldError[],
    readonly headers?: Record<string, string>,
  ) {
    super(detail);
  }
}
