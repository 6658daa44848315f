import { env } from '@/lib/config/env';
import { clientAddress, type TrustProxy } from './trust-proxy';

/** Set on every request by scripts/support/peer-address.mjs, which `npm start` preloads. */
export const PEER_ADDRESS_HEADER = 'x-verity-peer-address';
const PRELOADED = Symbol.for('verity.peer-address');

/**
 * The socket's peer address. Only believed when the preload runs in this process (it overwrites
 * the header on every request); otherwise a client could send the header itself, so: unknown.
 */
export function peerAddress(headers: Headers): string | null {
  if ((globalThis as Record<symbol, unknown>)[PRELOADED] !== true) return null;
  return headers.get(PEER_ADDRESS_HEADER) || null;
}

let trust: TrustProxy | undefined;

function trustProxy(): TrustProxy {
  trust ??= env().TRUST_PROXY ?? { kind: 'none' };
  return trust;
}

/** The request's client address under TRUST_PROXY; null when the peer is unknown. */
export function requestClientAddress(headers: Headers): string | null {
  return clientAddress(
    { peer: peerAddress(headers), forwardedFor: headers.get('x-forwarded-for') },
    trustProxy(),
  );
}
