// Whether an IP address is publicly routable, from ipaddr.js's special-purpose ranges.
import ipaddr from 'ipaddr.js';

export type IpReach = { public: true } | { public: false; range: string };

/** Teredo tunnels carry real clients over the public internet. */
const PUBLIC_RANGES = new Set(['unicast', 'teredo']);
/** IPv6 forms that embed an IPv4 address in their low 32 bits (NAT64, SIIT). */
const LOW_32_EMBEDDING = new Set(['rfc6052', 'rfc6145']);

function ipv4FromParts(high: number, low: number): ipaddr.IPv4 {
  return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
}

/** The IPv4 address a 6to4 or NAT64 address stands for, or null for any other address. */
function embeddedIpv4(address: ipaddr.IPv6): ipaddr.IPv4 | null {
  const range = address.range();
  const [, p1 = 0, p2 = 0, , , , p6 = 0, p7 = 0] = address.parts;
  if (range === '6to4') return ipv4FromParts(p1, p2);
  if (LOW_32_EMBEDDING.has(range)) return ipv4FromParts(p6, p7);
  return null;
}

/**
 * Classifies `address` (any text form). IPv4-mapped IPv6 (::ffff:a.b.c.d), 6to4 and NAT64
 * forms are judged by the IPv4 address they carry, so 2002:c0a8:101:: counts as private.
 * An unparseable address is reported as the range "invalid".
 */
export function ipReach(address: string): IpReach {
  if (!ipaddr.isValid(address)) return { public: false, range: 'invalid' };
  const parsed = ipaddr.process(address);
  const inner = parsed instanceof ipaddr.IPv6 ? embeddedIpv4(parsed) : null;
  const range = (inner ?? parsed).range();
  return PUBLIC_RANGES.has(range) ? { public: true } : { public: false, range };
}
