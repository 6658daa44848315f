import { db } from '@/lib/db/client';
import { isStorageFull, noteStorageFull, noteWriteStored } from '@/lib/db/storage-full';
import { storedProblem } from '@/lib/engine/stored-problem';
import type { FieldError, InputErrorCode } from '@/lib/engine/types';
import { logger } from '@/lib/log/logger';
import { type LoggedError, safeError } from '@/lib/log/safe-error';
import { recordRequest } from '@/lib/metrics/record';
import { type AuthContext, authenticate } from '@/lib/services/keys/authenticate';
import type { Scope } from '@/lib/services/keys/key-material';
import { usageCounterFor } from '@/lib/services/keys/usage-counter';
import { rateLimiterFor } from '@/lib/services/rate-limit';
import { requestLogFor } from '@/lib/services/request-log/request-log';
import { ProblemError, type ProblemInit, problem, problemBody } from './problem';
import { MAX_INGEST_BODY_BYTES, readBodyText, readJsonBody } from './read-json';
import { requestIdFrom } from './request-id';

export interface ApiContext {
  request: Request;
  requestId: string;
  auth: AuthContext;
  /** Reads the body as JSON within the size limit (415/413/400 as problems). */
  json(): Promise<unknown>;
  /** Reads a feed body (JSON array or NDJSON) within the ingestion size limit. */
  feed(): Promise<{ text: string; format: 'json' | 'ndjson' }>;
  /** Reads a file to import (JSON or CSV) within the ingestion size limit. */
  table(): Promise<{ text: string; format: 'json' | 'csv' }>;
}

interface RouteOptions {
  scope: Scope;
  /** Rate-limit bucket name: limits are per key and per endpoint. */
  endpoint: string;
  /** The operationId the request log files the call under. */
  operation: string;
}

/**
 * The guard every API route goes through: request id, key, scope, rate limit, then the
 * handler; any failure becomes a problem+json with no stack trace or SQL in it.
 */
export function apiRoute(options: RouteOptions, handler: (ctx: ApiContext) => Promise<Response>) {
  return async (request: Request): Promise<Response> => {
    const at = Date.now();
    const started = performance.now();
    const requestId = requestIdFrom(request.headers);
    const log = logger().child({ requestId, endpoint: options.endpoint });
    let extraHeaders: Record<string, string> = {};
    let response: Response;
    let workspaceId: string | undefined;
    let keyId: string | undefined;
    // The problem answered, when the call failed: the request log keeps its body.
    let answered: ProblemInit | undefined;
    try {
      const result = await authenticate(db(), request.headers.get('authorization'), options.scope);
      if (!result.ok) {
        if (result.status === 403) {
          workspaceId = result.workspaceId;
          keyId = result.keyId;
        }
        throw new ProblemError(
          result.status,
          result.status === 401 ? 'UNAUTHORIZED' : 'FORBIDDEN',
          result.detail,
          undefined,
          {
            ...(result.status === 401 ? { 'WWW-Authenticate': 'Bearer' } : {}),
          },
        );
      }
      workspaceId = result.auth.workspaceId;
      keyId = result.auth.keyId;
      const rate = result.auth.rateLimitPerSec;
      // In memory, reconciled with Postgres across processes (lib/services/rate-limit.ts).
      const decision = await rateLimiterFor(db()).take(result.auth.keyId, options.endpoint, rate);
      extraHeaders = {
        'RateLimit-Limit': String(decision.limit),
        'RateLimit-Remaining': String(decision.remaining),
        'RateLimit-Reset': String(decision.resetSeconds),
      };
      if (!decision.allowed) {
        throw new ProblemError(
          429,
          'RATE_LIMITED',
          `Rate limit of ${rate} requests per second for this key on ${options.endpoint} exceeded; retry after ${decision.retryAfterSeconds}s.`,
          undefined,
          { 'Retry-After': String(decision.retryAfterSeconds) },
        );
      }
      response = await handler({
        request,
        requestId,
        auth: result.auth,
        json: () => readJsonBody(request),
        feed: () => readBodyText(request, { maxBytes: MAX_INGEST_BODY_BYTES, formats: ['json', 'ndjson'] }),
        table: () => readBodyText(request, { maxBytes: MAX_INGEST_BODY_BYTES, formats: ['json', 'csv'] }),
      });
    } catch (error) {
      answered = problemFor(error, requestId, log);
      response = problem(answered);
    }
    for (const [name, value] of Object.entries({ ...extraHeaders, 'X-Request-Id': requestId })) {
      response.headers.set(name, value);
    }
    if (request.method !== 'GET' && response.status < 300) storedAgain(log);
    // Every answer to a known key, refusals included: an increment in memory, flushed in batches.
    if (workspaceId && keyId) {
      usageCounterFor(db()).record({
        workspaceId,
        keyId,
        endpoint: options.endpoint,
        status: response.status,
      });
    }
    const elapsedMs = performance.now() - started;
    recordRequest(options.endpoint, response.status, elapsedMs);
    const durationMs = Math.round(elapsedMs);
    if (workspaceId && keyId) {
      requestLogFor(db()).record({
        workspaceId,
        keyId,
        operation: options.operation,
        method: request.method,
        status: response.status,
        latencyMs: durationMs,
        requestId,
        at,
        problem: answered ? storedProblem(problemBody(answered)) : null,
      });
    }
    log.info({ status: response.status, workspaceId, durationMs }, 'request');
    return response;
  };
}

/** Any failure as problem+json: ProblemErrors as they are, DB outages 503, the rest a bare 500. */
export function toProblem(error: unknown, requestId: string, log: ReturnType<typeof logger>): Response {
  return problem(problemFor(error, requestId, log));
}

/** The problem a failure is answered with (logging what a 500 or 503 hides from the caller). */
function problemFor(error: unknown, requestId: string, log: ReturnType<typeof logger>): ProblemInit {
  if (error instanceof ProblemError) {
    return {
      status: error.status,
      code: error.code,
      detail: error.detail,
      requestId,
      errors: error.errors,
      headers: error.headers,
    };
  }
  if (isStorageFull(error)) {
    // Once per episode: under load every refused write would otherwise log the same thing.
    if (noteStorageFull())
      log.error({ err: errorDetails(error) }, 'storage full: writes refused until space is freed');
    return {
      status: 503,
      code: 'STORAGE_FULL',
      detail: `The database's storage is full; nothing of this request was stored. Retry after ${STORAGE_RETRY_AFTER_S} s.`,
      requestId,
      headers: { 'Retry-After': String(STORAGE_RETRY_AFTER_S) },
    };
  }
  if (isDatabaseUnavailable(error)) {
    log.error({ err: errorDetails(error) }, 'database unavailable');
    return {
      status: 503,
      code: 'UNAVAILABLE',
      detail: `The service is temporarily unavailable; retry shortly. Quote request id ${requestId} if it persists.`,
      requestId,
      headers: { 'Retry-After': '5' },
    };
  }
  log.error({ err: errorDetails(error) }, 'unhandled error');
  return {
    status: 500,
    code: 'INTERNAL',
    detail: `Internal error. Quote request id ${requestId} to support.`,
    requestId,
  };
}

/** Writes succeed within a second of space coming back; a short wait keeps clients' retries cheap. */
const STORAGE_RETRY_AFTER_S = 5;

/** A write went through: ends a storage-full episode, said once as its failure was. */
function storedAgain(log: ReturnType<typeof logger>): void {
  const lasted = noteWriteStored();
  if (lasted !== null) log.warn({ fullForMs: lasted }, 'storage full: writes stored again');
}

/** The SQL text and codes of a failure, never its parameters (lib/log/safe-error.ts). */
function errorDetails(error: unknown): LoggedError {
  return safeError(error);
}

// Connection loss, shutdown, too many connections; and deadlock or serialization failures that
// outlasted the service's retries: all transient, so 503 with Retry-After rather than 500.
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  '57P01',
  '57P02',
  '57P03',
  '53300',
  '40P01',
  '40001',
]);

// pg's messages without a code: a connection that could not be made or was lost, and a client
// used after that (drizzle's ROLLBACK on it then hides the first error).
const LOST_CONNECTION =
  /timeout exceeded when trying to connect|Connection terminated|Client has encountered a connection error|Client was closed and is not queryable/i;

function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current instanceof Error; depth++) {
    const code = (current as Error & { code?: unknown }).code;
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
    if (LOST_CONNECTION.test(current.message)) return true;
    current = (current as Error & { cause?: unknown }).cause;
  }
  return false;
}

/** Maps a failed parse to the 400 problem listing every offending path. */
export function inputProblem(code: InputErrorCode, errors: FieldError[]): ProblemError {
  const first = errors[0];
  // Parser messages already start with their path.
  const detail =
    errors.length === 1 && first
      ? first.message
      : `${errors.length} input rules were violated; see errors[].`;
  return new ProblemError(400, code, detail, errors);
}
