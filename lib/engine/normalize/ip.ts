import ipaddr from 'ipaddr.js';
import { isValidIpAddress } from '@/lib/contract/fields/ip';
import type { IpInput } from '../types';

export { isValidIpAddress };

/** Canonical text and version; null when the text is not an address. */
export function normalizeIp(raw: string): IpInput | null {
  const value = raw.trim();
  if (!isValidIpAddress(value)) return null;
  const parsed = ipaddr.parse(value);
  if (parsed.kind() === 'ipv4') return { address: parsed.toString(), version: 4 };
  const v6 = ipaddr.IPv6.parse(value);
  if (v6.isIPv4MappedAddress()) {
    // RFC 5952 section 5: IPv4-mapped addresses keep the dotted quad in their IPv6 text.
    return { address: `::ffff:${v6.toIPv4Address().toString()}`, version: 6 };
  }
  return { address: v6.toRFC5952String(), version: 6 };
}
