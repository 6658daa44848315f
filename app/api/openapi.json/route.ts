import { createHash } from 'node:crypto';
import { problem } from '@/lib/http/problem';
import { requestIdFrom } from '@/lib/http/request-id';
import { logger } from '@/lib/log/logger';
import { openApiDocument } from '@/lib/openapi/document';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

interface Served {
  body: string;
  etag: string;
}

// The document changes only with a deploy: build it on first use, then serve the same bytes.
let served: Served | undefined;

function document(): Served {
  if (served === undefined) {
    const body = JSON.stringify(openApiDocument());
    const digest = createHash('sha256').update(body).digest('base64url').slice(0, 32);
    served = { body, etag: `"${digest}"` };
  }
  return served;
}

/** Whether If-None-Match names this ETag (a list, weak forms and * included, per RFC 9110). */
function notModified(ifNoneMatch: string | null, etag: string): boolean {
  if (ifNoneMatch === null) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === etag;
  });
}

/** Public, no key: the API description, for tools and the console's reference page. */
export function GET(request: Request): Response {
  const requestId = requestIdFrom(request.headers);
  let doc: Served;
  try {
    doc = document();
  } catch (error) {
    logger().error({ err: error instanceof Error ? error.message : String(error), requestId }, 'openapi');
    const response = problem({
      status: 500,
      code: 'INTERNAL',
      detail: `Internal error. Quote request id ${requestId} to support.`,
      requestId,
    });
    response.headers.set('X-Request-Id', requestId);
    return response;
  }
  const headers = {
    // Short enough that a deploy shows up soon; the ETag makes revalidation cheap.
    'Cache-Control': 'public, max-age=300',
    ETag: doc.etag,
    'Access-Control-Allow-Origin': '*',
    'X-Request-Id': requestId,
  };
  if (notModified(request.headers.get('if-none-match'), doc.etag)) {
    return new Response(null, { status: 304, headers });
  }
  return new Response(doc.body, {
    status: 200,
    headers: { ...headers, 'Content-Type': 'application/json; charset=utf-8' },
  });
}
