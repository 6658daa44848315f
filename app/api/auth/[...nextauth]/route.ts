import { NextRequest } from 'next/server';
import { handlers } from '@/lib/auth/auth';
import { publicOrigin } from '@/lib/auth/public-origin';
import { MAX_AUTH_BODY_BYTES } from '@/lib/contract/limits';
import { ProblemError, problem } from '@/lib/http/problem';
import { readTextWithin } from '@/lib/http/read-json';
import { requestIdFrom, withRequestId } from '@/lib/http/request-id';
import { routeMethods } from '@/lib/http/route-methods';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/**
 * Auth.js builds its redirects (after sign-in, to the error page) and the callback-url cookie
 * from the request URL. Next.js gives that URL its listen address, and NextRequest rewrites
 * 127.0.0.1 to `localhost` (another origin to the browser, without the cookies): hand Auth.js a
 * plain Request at the address the browser used instead. Its bodies are small forms, read here
 * under MAX_AUTH_BODY_BYTES (413 past it) so Auth.js never buffers an unbounded body.
 */
async function atPublicOrigin(request: NextRequest): Promise<NextRequest> {
  const body =
    request.method === 'GET' || request.method === 'HEAD'
      ? undefined
      : await readTextWithin(request, MAX_AUTH_BODY_BYTES);
  const init = { method: request.method, headers: request.headers, body };
  // An operator-set AUTH_URL is the public address already, and next-auth then needs nextUrl.
  if (process.env.AUTH_URL || process.env.NEXTAUTH_URL) return new NextRequest(request.url, init);
  const url = new URL(request.url);
  const origin = publicOrigin(request.headers, url.origin);
  const rewritten = new Request(new URL(`${url.pathname}${url.search}`, origin), init);
  // Without AUTH_URL, next-auth's handlers read only the Request members.
  return rewritten as NextRequest;
}

/** Auth.js's handler at the public origin, its answer carrying the request id like every API answer. */
function authHandler(handler: (request: NextRequest) => Promise<Response>) {
  return async (request: NextRequest): Promise<Response> => {
    const requestId = requestIdFrom(request.headers);
    let forwarded: NextRequest;
    try {
      forwarded = await atPublicOrigin(request);
    } catch (error) {
      if (!(error instanceof ProblemError)) throw error;
      const { status, code, detail } = error;
      return problem({ status, code, detail, requestId, headers: { 'X-Request-Id': requestId } });
    }
    return withRequestId(await handler(forwarded), requestId);
  };
}

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods<NextRequest>({
  GET: authHandler(handlers.GET),
  POST: authHandler(handlers.POST),
});
