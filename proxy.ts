import { type NextRequest, NextResponse } from 'next/server';
import { sessionClaims } from '@/lib/auth/claims';
import { classifyPath } from '@/lib/auth/console-paths';
import { proxyAuth } from '@/lib/auth/proxy-auth';
import { publicOrigin } from '@/lib/auth/public-origin';
import { problem } from '@/lib/http/problem';
import { requestIdFrom } from '@/lib/http/request-id';

const guard = proxyAuth((request) => {
  const kind = classifyPath(request.nextUrl.pathname);
  if (kind === 'public' || sessionClaims(request.auth)) return NextResponse.next();
  if (kind === 'console-api') {
    const requestId = requestIdFrom(request.headers);
    return problem({
      status: 401,
      code: 'UNAUTHORIZED',
      detail: 'Sign in to the console first.',
      requestId,
      headers: { 'X-Request-Id': requestId, 'Cache-Control': 'no-store' },
    });
  }
  const signIn = new URL('/sign-in', publicOrigin(request.headers, new URL(request.url).origin));
  const target = `${request.nextUrl.pathname}${request.nextUrl.search}`;
  if (target !== '/') signIn.searchParams.set('callbackUrl', target);
  return NextResponse.redirect(signIn);
});

/**
 * Every console page and console data route needs a signed-in session: pages redirect to the
 * sign-in page (remembering where the user was going), data routes answer 401 problem+json.
 * This only reads the cookie; routes and pages still check the membership in the database.
 */
export async function proxy(request: NextRequest): Promise<Response> {
  // With a lazily built configuration, next-auth's auth(handler) hands back a promise of the
  // wrapped handler (its types say otherwise); awaiting works either way.
  const handler = await guard;
  return (await handler(request, { params: Promise.resolve({}) })) ?? NextResponse.next();
}

export const config = {
  // Everything but the key-authenticated API, Auth.js, Next's assets and the sign-in page;
  // console data routes are included explicitly.
  matcher: ['/((?!api/|_next/|sign-in|favicon.ico|icon.svg|robots.txt).*)', '/api/console/:path*'],
};
