// A host name with an optional port, or a bracketed IPv6 address: nothing that could smuggle a
// path or credentials into a URL.
const HOST = /^(?:[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

const first = (value: string | null) => value?.split(',')[0]?.trim() || null;

/**
 * The origin the browser used, from the Host (or a reverse proxy's X-Forwarded-*) headers.
 * Next.js builds request.url from its own listen address (`localhost` for 127.0.0.1 or
 * 0.0.0.0), so redirects built from it would send LAN users to their own machine. Self-hosted
 * Verity trusts the Host header, as Auth.js's trustHost does.
 */
export function publicOrigin(headers: Headers, fallback: string): string {
  const host = first(headers.get('x-forwarded-host')) ?? headers.get('host');
  if (!host || !HOST.test(host)) return fallback;
  const forwardedProto = first(headers.get('x-forwarded-proto'));
  const protocol =
    forwardedProto === 'https' || forwardedProto === 'http'
      ? forwardedProto
      : new URL(fallback).protocol.slice(0, -1);
  return `${protocol}://${host}`;
}
