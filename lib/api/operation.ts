// One API operation, defined once: what the route serves, what the OpenAPI document says and
// what the console's twin runs all come from its definition in lib/api/operations.
import type { ProblemCode } from '@/lib/contract/problem-codes';
import type { Scope } from '@/lib/contract/scopes';
import type { ParseResult } from '@/lib/engine/types';
import { inputProblem } from '@/lib/http/api-route';
import type { Parameter, RequestBody, ResponseObject } from '@/lib/openapi/types';
import type { WorkspaceContext } from '@/lib/services/context';

export type OperationMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';
export type OperationTag = 'Verify' | 'Signals' | 'Ingestion' | 'Lists' | 'Service';

/** The request body and the success answers, with examples, as the OpenAPI document shows them. */
export interface OperationDocs {
  /** The path's `{name}` parameters. */
  parameters?: Parameter[];
  requestBody?: RequestBody;
  responses: Record<string, ResponseObject>;
}

interface Described {
  /** The operationId of the OpenAPI document. */
  id: string;
  method: OperationMethod;
  /** As the OpenAPI document writes it: `{name}` for a path parameter. */
  path: `/api/${string}`;
  summary: string;
  description: string;
  tag: OperationTag;
  /** Built on demand: the examples run the engine, which a route has no need of. */
  docs: () => OperationDocs;
}

/**
 * Whose data a call reads and writes: the key's workspace (actor: the key), or the console
 * session's (actor: the user). Services take it as their context and scope their queries by it.
 */
export interface Caller extends WorkspaceContext {
  trialQuota: number | null;
  /** An API key's call, or an analyst's in the console (its Verify calls are not velocity traffic). */
  via: 'key' | 'console';
}

export interface BodyReader {
  json(): Promise<unknown>;
  feed(): Promise<{ text: string; format: 'json' | 'ndjson' }>;
  /** A file to import (JSON or CSV), within the ingestion size limit. */
  table(): Promise<{ text: string; format: 'json' | 'csv' }>;
}

export interface RunContext {
  caller: Caller;
  requestId: string;
  /** The path's `{name}` parameters, as sent (URL-decoded). */
  params: Readonly<Record<string, string>>;
  /** The query string's parameters, as sent (a repeated name: its last value). */
  query: Readonly<Record<string, string>>;
}

/** The `{name}` parameters of a path template read from a request's pathname ({} when none). */
export function pathParams(template: string, pathname: string): Record<string, string> {
  const names = template.split('/');
  const values = pathname.split('/');
  const params: Record<string, string> = {};
  names.forEach((name, index) => {
    const match = /^\{(\w+)\}$/.exec(name);
    const value = values[index];
    if (!match?.[1] || value === undefined) return;
    try {
      params[match[1]] = decodeURIComponent(value);
    } catch {
      // A malformed escape is a value no lookup can match; keep it as sent.
      params[match[1]] = value;
    }
  });
  return params;
}

/** An operation that needs an API key of a scope, and is rate limited in its own bucket. */
export interface KeyedOperation extends Described {
  scope: Scope;
  /** Rate-limit bucket: limits are per key and per bucket. */
  bucket: string;
  /** Problem codes beyond the key, rate-limit and server failures of every keyed operation. */
  problems: readonly ProblemCode[];
  /** The console's twin: same input and service for the signed-in workspace, no key. */
  console?: { path: `/api/console/${string}`; endpoint: string };
  /** Reads and parses the body, calls the one service function and maps its result. */
  handle(body: BodyReader, context: RunContext): Promise<Response>;
}

/** An operation that needs no key (health, the document). */
export interface OpenOperation extends Described {
  scope: null;
  serve(request: Request, requestId: string): Promise<Response>;
}

export type ApiOperation = KeyedOperation | OpenOperation;

type BodyInput<Input> =
  | {
      /** Parses the JSON body (read within the size limit); a failure is the 400 listing every path. */
      parse: (body: unknown) => ParseResult<Input>;
      read?: never;
    }
  | {
      /** Reads and parses the body itself, throwing problems (the feeds). */
      read: (body: BodyReader) => Promise<Input>;
      parse?: never;
    };

type KeyedDefinition<Input> = Omit<KeyedOperation, 'handle'> &
  BodyInput<Input> & {
    /** Calls the one service function and maps its result to the answer. */
    run: (input: NoInfer<Input>, context: RunContext) => Promise<Response>;
  };

export function keyedOperation<Input>({ parse, read, run, ...rest }: KeyedDefinition<Input>): KeyedOperation {
  const input = async (body: BodyReader): Promise<Input> => {
    if (read) return read(body);
    const parsed = parse(await body.json());
    if (!parsed.ok) throw inputProblem(parsed.code, parsed.errors);
    return parsed.value;
  };
  return { ...rest, handle: async (body, context) => run(await input(body), context) };
}
