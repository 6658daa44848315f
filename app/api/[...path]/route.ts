import { problem } from '@/lib/http/problem';
import { requestIdFrom } from '@/lib/http/request-id';

export const dynamic = 'force-dynamic';

// Unknown API paths answer in the API's error shape rather than the console's HTML 404 page,
// whatever the method (there is no resource to allow any).
function notFound(request: Request): Response {
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

export {
  notFound as DELETE,
  notFound as GET,
  notFound as OPTIONS,
  notFound as PATCH,
  notFound as POST,
  notFound as PUT,
};
