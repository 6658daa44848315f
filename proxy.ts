import { NextRequest, NextResponse } from 'next/server';
import { sessionClaims } from '@/lib/auth/claims';
import { classifyPath } from '@/lib/auth/console-paths';
import { proxyAuth } from '@/lib/auth/proxy-auth';
import { publicOrigin } from '@/lib/auth/public-origin';
import { problem } from '@/lib/http/problem';
import { requestIdFrom } from '@/lib/http/request-id';
import { newNonce, pageContentSecurityPolicy } from '@/lib/http/security-headers';

// The request carries the (nonce-bearing) policy on to the render: Next.js reads the nonce from
// the request's Content-Security-Policy header and puts it on its own scripts.
const forward = (request: NextRequest) => NextResponse.next({ request: { headers: request.headers } });

const guard = proxyAuth((request) => {
  const kind = classifyPath(request.nextUrl.pathname);
  if (kind === 'public' || sessionClaims(request.auth)) return forward(request);
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
 * Pages (and the sign-in page) get a Content-Security-Policy with a fresh script nonce; the other
 * security headers come from next.config.ts.
 */
export async function proxy(request: NextRequest): Promise<Response> {
  const page = classifyPath(request.nextUrl.pathname) !== 'console-api';
  const policy = page
    ? pageContentSecurityPolicy(newNonce(), { dev: process.env.NODE_ENV === 'development' })
    : null;
  const headers = new Headers(request.headers);
  if (policy) headers.set('Content-Security-Policy', policy);
  // With a lazily built configuration, next-auth's auth(handler) hands back a promise of the
  // wrapped handler (its types say otherwise); awaiting works either way.
  const handler = await guard;
  // Data routes keep their request as it is (with its body); pages get the policy added.
  const forwarded = policy ? new NextRequest(request, { headers }) : request;
  const response = (await handler(forwarded, { params: Promise.resolve({}) })) ?? forward(forwarded);
  if (policy) response.headers.set('Content-Security-Policy', policy);
  return response;
}

export const config = {
  // Everything but the key-authenticated API, Auth.js and Next's assets; console data routes are
  // included explicitly. The sign-in page is public but needs its nonce.
  matcher: ['/((?!api/|_next/|favicon.ico|icon.svg|robots.txt).*)', '/api/console/:path*'],
};
