const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Whether a cookie-authenticated request may change state: browsers mark cross-site requests
 * (Sec-Fetch-Site) and send Origin on POSTs, so a page elsewhere cannot drive the console with
 * the user's cookie. Requests without either header (curl, server code) are not from a browser
 * page and carry no ambient cookie risk.
 */
export function isSameOriginRequest(method: string, headers: Headers): boolean {
  if (SAFE_METHODS.has(method.toUpperCase())) return true;
  const site = headers.get('sec-fetch-site');
  if (site) return site === 'same-origin' || site === 'none';
  const origin = headers.get('origin');
  if (!origin) return true;
  if (origin === 'null') return false;
  // Behind a reverse proxy the public host arrives as X-Forwarded-Host.
  const host = headers.get('x-forwarded-host')?.split(',')[0]?.trim() || headers.get('host');
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}
