// Every API route answers every method: the ones it has, and a problem+json 405 with Allow for
// the rest (docs/api/errors.md, METHOD_NOT_ALLOWED), instead of Next's bare 405.
import { problem } from './problem';
import { requestIdFrom } from './request-id';

/** The methods a route answers for itself; Next derives HEAD from GET. */
export const ROUTE_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type RouteMethod = (typeof ROUTE_METHODS)[number];

export type RouteHandler<R extends Request = Request, P = Record<string, never>> = (
  request: R,
  context: { params: Promise<P> },
) => Promise<Response>;

export type RouteHandlers<R extends Request = Request, P = Record<string, never>> = Record<
  RouteMethod | 'OPTIONS',
  RouteHandler<R, P>
>;

const refusals = new WeakSet<object>();

/** Whether a route export is the 405 answer (for tests: a route exports exactly its methods). */
export function isMethodNotAllowed(handler: unknown): boolean {
  return typeof handler === 'function' && refusals.has(handler);
}

/** The Allow header of a route with these methods: HEAD comes with GET, OPTIONS with every route. */
export function allowHeader(methods: readonly RouteMethod[]): string {
  const listed = ROUTE_METHODS.filter((method) => methods.includes(method));
  return [...listed, ...(listed.includes('GET') ? ['HEAD'] : []), 'OPTIONS'].join(', ');
}

/** The 405 problem of a route with these methods. */
export function methodNotAllowed(request: Request, methods: readonly RouteMethod[]): Response {
  const requestId = requestIdFrom(request.headers);
  const allow = allowHeader(methods);
  return problem({
    status: 405,
    code: 'METHOD_NOT_ALLOWED',
    detail: `${new URL(request.url).pathname} does not take ${request.method}; it takes ${methods.join(', ')}.`,
    requestId,
    headers: { Allow: allow, 'X-Request-Id': requestId, 'Cache-Control': 'no-store' },
  });
}

/**
 * The handlers a route file exports: those given, 405 for the other methods, and an OPTIONS
 * answer naming the methods (Next's own would list the 405 handlers too).
 */
export function routeMethods<R extends Request = Request, P = Record<string, never>>(
  handlers: Partial<Record<RouteMethod, RouteHandler<R, P>>>,
): RouteHandlers<R, P> {
  const methods = ROUTE_METHODS.filter((method) => handlers[method] !== undefined);
  const refuse: RouteHandler<R, P> = async (request) => methodNotAllowed(request, methods);
  refusals.add(refuse);
  const options: RouteHandler<R, P> = async (request) =>
    new Response(null, {
      status: 204,
      headers: { Allow: allowHeader(methods), 'X-Request-Id': requestIdFrom(request.headers) },
    });
  return {
    GET: handlers.GET ?? refuse,
    POST: handlers.POST ?? refuse,
    PUT: handlers.PUT ?? refuse,
    PATCH: handlers.PATCH ?? refuse,
    DELETE: handlers.DELETE ?? refuse,
    OPTIONS: options,
  };
}
