// Where the server may send a request it was told to make (webhook deliveries): public unicast
// addresses only, unless the operator allowed a network (WEBHOOK_ALLOW_NETWORKS). Loopback,
// link-local (cloud metadata at 169.254.169.254), private, carrier-grade NAT, unique-local and
// reserved ranges are refused, so a workspace admin cannot reach the server's own network (SSRF).
import ipaddr from 'ipaddr.js';

export function isAllowedDestination(ip: string, allowNetworks: readonly string[]): boolean {
  if (!ipaddr.isValid(ip)) return false;
  let address = ipaddr.parse(ip);
  // ::ffff:127.0.0.1 is 127.0.0.1.
  if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress()) {
    address = (address as ipaddr.IPv6).toIPv4Address();
  }
  for (const cidr of allowNetworks) {
    const [network, bits] = ipaddr.parseCIDR(cidr);
    if (network.kind() === address.kind() && address.match(network, bits)) return true;
  }
  return address.range() === 'unicast';
}
