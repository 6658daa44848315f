import { notFound } from '@/lib/http/not-found';
import { requestIdFrom } from '@/lib/http/request-id';
import { type RouteHandlers, routeMethods } from '@/lib/http/route-methods';
import { mayScrape, metricsText } from './serve';

async function scrape(request: Request): Promise<Response> {
  const { text, contentType } = await metricsText();
  return new Response(text, {
    headers: {
      'Content-Type': contentType,
      'Cache-Control': 'no-store',
      'X-Request-Id': requestIdFrom(request.headers),
    },
  });
}

/** GET /api/metrics for a scraper (lib/metrics/serve.ts); every method is a 404 for anyone else. */
export function metricsRoute(): RouteHandlers {
  const served = routeMethods({ GET: scrape });
  const guard =
    (method: keyof RouteHandlers): RouteHandlers[typeof method] =>
    (request, context) =>
      mayScrape(request) ? served[method](request, context) : Promise.resolve(notFound(request));
  return {
    GET: guard('GET'),
    POST: guard('POST'),
    PUT: guard('PUT'),
    PATCH: guard('PATCH'),
    DELETE: guard('DELETE'),
    OPTIONS: guard('OPTIONS'),
  };
}
