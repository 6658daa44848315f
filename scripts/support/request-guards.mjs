// Preloaded into the Next.js server (`node --import`) by scripts/start.ts, beside peer-address.mjs.
// Next.js acts on two things in a request before any route or proxy.ts of ours runs, and both
// turn hostile input into answers outside the API's contract; this is the one place that sees
// the request first, so it mends them here:
//
// - Its App Router headers (`RSC`, `Next-Router-*`) and `_rsc` query parameter: on an API path
//   they made Next.js answer a bodiless 307 to `?_rsc=…` (its cache-busting check for React
//   Server Component fetches) before the key was checked. The API has no RSC form, so on /api
//   paths they are dropped and the route answers as it would without them.
// - A path whose percent-encoding does not decode (`/api/%ZZ`, a cut UTF-8 sequence such as
//   `%E0%A4%A`): Next.js's router answered a plain-text 500. Its `%` signs are escaped (`%25`)
//   so the route gets the text as sent and answers in the API's shape (404 UNKNOWN_SESSION for a
//   malformed session id, 404 NOT_FOUND for no such operation); a page path gets the 404 page.
import http from 'node:http';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
// From Next.js itself, so an upgrade that adds a router header is covered.
const {
  FLIGHT_HEADERS,
  NEXT_RSC_UNION_QUERY,
  NEXT_URL,
} = require('next/dist/client/components/app-router-headers.js');

const ROUTER_HEADERS = [...FLIGHT_HEADERS, NEXT_URL].map((name) => name.toLowerCase());

/** The path with every `%` escaped when its percent-encoding does not decode; else as it is. */
function decodablePath(path) {
  try {
    decodeURIComponent(path);
    return path;
  } catch {
    return path.replaceAll('%', '%25');
  }
}

/** Whether the (dot-segment resolved) path is the API's, where Next.js's router headers mean nothing. */
function isApiPath(path) {
  const pathname = new URL(path, 'http://localhost').pathname;
  return pathname === '/api' || pathname.startsWith('/api/');
}

/** The request target mended as described above (only origin-form targets, `/…`). */
export function mendRequest(request) {
  const target = request.url ?? '';
  if (!target.startsWith('/')) return;
  const queryAt = target.indexOf('?');
  const path = decodablePath(queryAt < 0 ? target : target.slice(0, queryAt));
  let query = queryAt < 0 ? '' : target.slice(queryAt);
  if (isApiPath(path)) {
    for (const name of ROUTER_HEADERS) delete request.headers[name];
    if (query) {
      const params = new URLSearchParams(query.slice(1));
      if (params.has(NEXT_RSC_UNION_QUERY)) {
        params.delete(NEXT_RSC_UNION_QUERY);
        const rest = params.toString();
        query = rest ? `?${rest}` : '';
      }
    }
  }
  request.url = `${path}${query}`;
}

const emit = http.Server.prototype.emit;

http.Server.prototype.emit = function emitMended(event, ...args) {
  if (event === 'request') mendRequest(args[0]);
  return emit.call(this, event, ...args);
};
