// Who the passkeys belong to (WebAuthn's "relying party"): the console's public origin, and its
// host name as the RP ID. Browsers refuse an IP address as an RP ID, so a console opened at
// http://10.0.0.5:3000 cannot offer passkeys; it says so instead of failing in the browser.
import { isIP } from 'node:net';
import { publicOrigin } from './public-origin';

/** What the console says where passkeys cannot work (see the module comment). */
export const PASSKEYS_NEED_A_HOST_NAME =
  'Passkeys work only when the console is opened at its host name, not an IP address.';

export interface RelyingParty {
  /** e.g. https://verity.example.com: what the browser's answer must name as its origin. */
  origin: string;
  /** The host name, e.g. verity.example.com: passkeys made here work on this name only. */
  rpID: string;
}

export function relyingParty(origin: string): RelyingParty | null {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return null;
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) !== 0) return null;
  return { origin: url.origin, rpID: host };
}

/**
 * The relying party of a request: AUTH_URL's origin when the operator set the public address,
 * else the one the browser used (publicOrigin: Host or a trusted proxy's X-Forwarded-*).
 */
export function requestRelyingParty(headers: Headers, fallbackOrigin: string): RelyingParty | null {
  const configured = process.env.AUTH_URL ?? process.env.NEXTAUTH_URL;
  return relyingParty(configured ?? publicOrigin(headers, fallbackOrigin));
}
