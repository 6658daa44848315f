// The public route of an operation: app/api/<path>/route.ts exports what this returns.
import { apiRoute, toProblem } from '@/lib/http/api-route';
import { requestIdFrom } from '@/lib/http/request-id';
import {
  type RouteHandler,
  type RouteHandlers,
  type RouteMethod,
  routeMethods,
} from '@/lib/http/route-methods';
import { logger } from '@/lib/log/logger';
import { type ApiOperation, type KeyedOperation, type OpenOperation, pathParams } from './operation';

// Next passes a dynamic segment's params; the operations read them from the URL themselves.
type PathParams = Record<string, string>;

function keyedHandler(operation: KeyedOperation): RouteHandler<Request, PathParams> {
  return apiRoute(
    { scope: operation.scope, endpoint: operation.bucket, operation: operation.id },
    (context) =>
      operation.handle(context, {
        caller: {
          workspaceId: context.auth.workspaceId,
          actor: context.auth.keyId,
          // Recorded on the audit rows of the changes the call makes.
          requestId: context.requestId,
          trialQuota: context.auth.trialQuota,
          via: 'key',
        },
        requestId: context.requestId,
        params: pathParams(operation.path, new URL(context.request.url).pathname),
        query: Object.fromEntries(new URL(context.request.url).searchParams),
      }),
  );
}

function openHandler(operation: OpenOperation): RouteHandler<Request, PathParams> {
  return async (request) => {
    const requestId = requestIdFrom(request.headers);
    let response: Response;
    try {
      response = await operation.serve(request, requestId);
    } catch (error) {
      response = toProblem(error, requestId, logger().child({ requestId, endpoint: operation.id }));
    }
    response.headers.set('X-Request-Id', requestId);
    return response;
  };
}

/**
 * Every method of a path: the handler of each operation at it (one per method), 405 problems
 * listing them for the others.
 */
export function publicRoute(...operations: readonly ApiOperation[]): RouteHandlers<Request, PathParams> {
  const handlers: Partial<Record<RouteMethod, RouteHandler<Request, PathParams>>> = {};
  for (const operation of operations) {
    if (operation.path !== operations[0]?.path || handlers[operation.method])
      throw new Error(`${operation.id}: one route serves one path, one operation per method`);
    handlers[operation.method] = operation.scope === null ? openHandler(operation) : keyedHandler(operation);
  }
  return routeMethods<Request, PathParams>(handlers);
}
