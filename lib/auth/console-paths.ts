export type PathKind = 'public' | 'console-api' | 'console-page';

// Next.js serves app/icon.svg at /icon.svg (with a cache-busting query).
const PUBLIC_FILES = new Set(['/favicon.ico', '/icon.svg', '/robots.txt']);

/**
 * How the proxy treats a path: console data routes answer 401 without a session, console
 * pages redirect to sign-in. Public: the key-authenticated API (each route checks its key),
 * Auth.js's own endpoints, the sign-in page and static assets.
 */
export function classifyPath(pathname: string): PathKind {
  if (pathname === '/api/console' || pathname.startsWith('/api/console/')) return 'console-api';
  if (pathname.startsWith('/api/') || pathname.startsWith('/_next/')) return 'public';
  if (pathname === '/sign-in' || pathname.startsWith('/sign-in/')) return 'public';
  if (PUBLIC_FILES.has(pathname)) return 'public';
  return 'console-page';
}
