import { ConsoleApiError } from '@/components/data/console-fetch';
import type { VerifyResponse } from '@/lib/services/verify';
import type { RequestBody } from './request-body';

export interface VerifyAnswer {
  /** 201 created a session, 200 joined the one named in the request. */
  status: number;
  result: VerifyResponse;
}

interface ProblemBody {
  code?: unknown;
  detail?: unknown;
  requestId?: unknown;
  errors?: unknown;
}

const isFieldError = (value: unknown): value is { path: string; message: string } =>
  typeof value === 'object' &&
  value !== null &&
  'path' in value &&
  'message' in value &&
  typeof value.path === 'string' &&
  typeof value.message === 'string';

async function problem(response: Response): Promise<ConsoleApiError> {
  let body: ProblemBody = {};
  try {
    body = (await response.json()) as ProblemBody;
  } catch {}
  return new ConsoleApiError(
    response.status,
    typeof body.code === 'string' ? body.code : 'HTTP_ERROR',
    typeof body.detail === 'string'
      ? body.detail
      : `The server answered ${response.status} ${response.statusText}.`,
    typeof body.requestId === 'string' ? body.requestId : response.headers.get('x-request-id'),
    Array.isArray(body.errors) ? body.errors.filter(isFieldError) : [],
  );
}

/**
 * POST /api/console/verify. Like consoleFetch, but keeps the status: 200 (joined a session)
 * and 201 (created one) are both success and the page tells them apart.
 */
export async function postVerify(body: RequestBody): Promise<VerifyAnswer> {
  const response = await fetch('/api/console/verify', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(body),
    credentials: 'same-origin',
    cache: 'no-store',
  });
  if (response.status === 401) {
    const here = `${window.location.pathname}${window.location.search}`;
    window.location.assign(`/sign-in?callbackUrl=${encodeURIComponent(here)}`);
  }
  if (!response.ok) throw await problem(response);
  return { status: response.status, result: (await response.json()) as VerifyResponse };
}
