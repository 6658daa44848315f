const ORIGIN = 'http://verity.invalid';

/**
 * Where to go after signing in: only a path on this site (never `//host`, `/\host` or an
 * absolute URL, which would make the sign-in page an open redirect), and never back to
 * the sign-in page or an API route.
 */
export function safeCallbackPath(raw: string | null | undefined, fallback = '/'): string {
  if (!raw?.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return fallback;
  let url: URL;
  try {
    url = new URL(raw, ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== ORIGIN) return fallback;
  if (url.pathname === '/sign-in' || url.pathname.startsWith('/api/')) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
