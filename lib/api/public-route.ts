// The public route of an operation: app/api/<path>/route.ts exports what this returns.
import { apiRoute, toProblem } from '@/lib/http/api-route';
import { requestIdFrom } from '@/lib/http/request-id';
import { type RouteHandler, type RouteHandlers, routeMethods } from '@/lib/http/route-methods';
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
          trialQuota: context.auth.trialQuota,
          via: 'key',
        },
        requestId: context.requestId,
        params: pathParams(operation.path, new URL(context.request.url).pathname),
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

/** Every method of the operation's path: its own handler, 405 problems for the others. */
export function publicRoute(operation: ApiOperation): RouteHandlers<Request, PathParams> {
  const handler = operation.scope === null ? openHandler(operation) : keyedHandler(operation);
  return routeMethods<Request, PathParams>({ [operation.method]: handler });
}
