import { createHmac } from 'node:crypto';
import { serverSecret } from '@/lib/config/secret';

/**
 * The key Auth.js encrypts session cookies with: AUTH_SECRET when the operator sets one, else
 * derived from the server secret, so a default install needs no extra variable and every
 * instance sharing VERITY_SECRET accepts the same cookies.
 */
export function authSecret(): string {
  const explicit = process.env.AUTH_SECRET;
  if (explicit) return explicit;
  return createHmac('sha256', serverSecret()).update('verity/authjs-session/v1').digest('base64url');
}
