// The public route of an operation: app/api/<path>/route.ts exports what this returns.
import { apiRoute, toProblem } from '@/lib/http/api-route';
import { requestIdFrom } from '@/lib/http/request-id';
import { type RouteHandler, type RouteHandlers, routeMethods } from '@/lib/http/route-methods';
import { logger } from '@/lib/log/logger';
import type { ApiOperation, KeyedOperation, OpenOperation } from './operation';

function keyedHandler(operation: KeyedOperation): RouteHandler {
  return apiRoute({ scope: operation.scope, endpoint: operation.bucket }, (context) =>
    operation.handle(context, {
      caller: {
        workspaceId: context.auth.workspaceId,
        actor: context.auth.keyId,
        trialQuota: context.auth.trialQuota,
      },
      requestId: context.requestId,
    }),
  );
}

function openHandler(operation: OpenOperation): RouteHandler {
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
export function publicRoute(operation: ApiOperation): RouteHandlers {
  const handler = operation.scope === null ? openHandler(operation) : keyedHandler(operation);
  return routeMethods({ [operation.method]: handler });
}
