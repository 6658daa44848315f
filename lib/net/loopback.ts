import { peerAddress } from './peer-address';

/** 127.0.0.0/8, ::1 and their IPv4-mapped forms: a caller on this machine. */
export function isLoopbackAddress(address: string): boolean {
  const plain = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  return plain === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(plain);
}

/**
 * A request made on this machine and straight to the server: its socket peer (stamped by the
 * preload, lib/net/peer-address.ts) is loopback and it was forwarded by no one. Next.js fills an
 * absent X-Forwarded-For with the peer itself; any other value, or Forwarded or X-Real-IP, is a
 * proxy relaying someone else (a reverse proxy on the same host), which never qualifies.
 */
export function isDirectLocalRequest(headers: Headers): boolean {
  const peer = peerAddress(headers);
  if (!peer || !isLoopbackAddress(peer)) return false;
  const forwardedFor = headers.get('x-forwarded-for');
  if (forwardedFor !== null && forwardedFor.trim() !== peer) return false;
  return !headers.has('forwarded') && !headers.has('x-real-ip');
}
