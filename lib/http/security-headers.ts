// Security headers of every response (next.config.ts applies them) and the pages' Content
// Security Policy (proxy.ts adds it with a fresh nonce per request). No Next.js imports: the
// configuration loads this file before Next.js is up.

/** What no response of the console or the API needs: being framed, sniffed, or leaking its URL. */
export const SECURITY_HEADERS: readonly { key: string; value: string }[] = [
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'X-Frame-Options', value: 'DENY' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  {
    key: 'Permissions-Policy',
    value: 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
  },
];

/** Only sent when the public origin is https (a browser ignores it over http anyway). */
export const STRICT_TRANSPORT_SECURITY = { key: 'Strict-Transport-Security', value: 'max-age=31536000' };

/** JSON and problem answers load nothing and are framed by nobody. */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'";

/**
 * The console pages' policy. Scripts: only those carrying this response's nonce (Next.js puts it
 * on its own) and what they load ('strict-dynamic'). Styles allow inline: React's style props,
 * recharts and the Scalar reference write style attributes and <style> elements at run time.
 * Development adds 'unsafe-eval' for React's debugging and Fast Refresh.
 */
export function pageContentSecurityPolicy(nonce: string, options: { dev: boolean }): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${options.dev ? " 'unsafe-eval'" : ''}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** A base64 nonce of 128 random bits (Web Crypto: the proxy may run on either runtime). */
export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}
