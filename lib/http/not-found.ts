import { problem } from './problem';
import { requestIdFrom } from './request-id';

/** The API's 404 for a path with no operation, in the API's error shape, whatever the method. */
export function notFound(request: Request): Response {
  const requestId = requestIdFrom(request.headers);
  const response = problem({
    status: 404,
    code: 'NOT_FOUND',
    detail: `No API operation at ${new URL(request.url).pathname}.`,
    requestId,
  });
  response.headers.set('X-Request-Id', requestId);
  return response;
}
