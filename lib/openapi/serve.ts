// GET /api/openapi.json: the document, built once per process and revalidated by its ETag.
import { createHash } from 'node:crypto';
// biome-ignore lint/suspicious/noImportCycles: the registry imports this lazily, when served, once it exists
import { openApiDocument } from './document';

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
export function serveDocument(request: Request): Response {
  const doc = document();
  const headers = {
    // Short enough that a deploy shows up soon; the ETag makes revalidation cheap.
    'Cache-Control': 'public, max-age=300',
    ETag: doc.etag,
    'Access-Control-Allow-Origin': '*',
  };
  if (notModified(request.headers.get('if-none-match'), doc.etag)) {
    return new Response(null, { status: 304, headers });
  }
  return new Response(doc.body, {
    status: 200,
    headers: { ...headers, 'Content-Type': 'application/json; charset=utf-8' },
  });
}
