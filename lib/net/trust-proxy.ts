import { BlockList, isIP } from 'node:net';

// Which X-Forwarded-For hops to believe, with Express's "trust proxy" semantics (proxy-addr): the
// chain is the socket's peer followed by the X-Forwarded-For entries from right to left; trusted
// hops are skipped from the peer outwards and the first untrusted one is the client.

/** Nobody is trusted (the default): the client is the socket's peer, whatever headers it sends. */
export type TrustProxy =
  | { kind: 'none' }
  /** The peer and the next `hops - 1` entries are proxies: the client is the `hops`-th hop. */
  | { kind: 'hops'; hops: number }
  /** Hops whose address is in one of these ranges are proxies. */
  | { kind: 'ranges'; ranges: readonly string[] };

/** Express's pre-defined subnet names. */
const NAMED_RANGES: Record<string, readonly string[]> = {
  loopback: ['127.0.0.1/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

/** An IPv4-mapped IPv6 address (`::ffff:1.2.3.4`, as dual-stack sockets report) as IPv4. */
export function normalizeAddress(address: string): string {
  const trimmed = address.trim();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(trimmed);
  return mapped?.[1] ?? trimmed;
}

/** `1.2.3.4`, `10.0.0.0/8`, `fd00::/8` or a named range; null when it is none of them. */
function rangesOf(entry: string): string[] | null {
  const named = NAMED_RANGES[entry];
  if (named) return [...named];
  const [address = '', prefix, extra] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return null;
  if (prefix === undefined) return [`${address}/${family === 4 ? 32 : 128}`];
  if (!/^\d{1,3}$/.test(prefix) || Number(prefix) > (family === 4 ? 32 : 128)) return null;
  return [`${address}/${prefix}`];
}

/**
 * TRUST_PROXY's text: `false`/`off` (trust none), a hop count (`1` behind one reverse proxy), or
 * comma-separated IPs, CIDRs and the names loopback, linklocal, uniquelocal. Express's `true`
 * (trust every hop) is refused: it lets any client choose its address.
 */
export function parseTrustProxy(text: string): TrustProxy | { error: string } {
  const value = text.trim().toLowerCase();
  if (value === '' || value === 'false' || value === 'off' || value === '0') return { kind: 'none' };
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops <= 32 ? { kind: 'hops', hops } : { error: 'a hop count must be at most 32' };
  }
  const ranges: string[] = [];
  for (const entry of value.split(',').map((part) => part.trim())) {
    const found = rangesOf(entry);
    if (!found)
      return { error: `\`${entry}\` is neither an IP address, a CIDR nor loopback/linklocal/uniquelocal` };
    ranges.push(...found);
  }
  return { kind: 'ranges', ranges };
}

function blockList(ranges: readonly string[]): BlockList {
  const list = new BlockList();
  for (const range of ranges) {
    const [address = '', prefix = ''] = range.split('/');
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    list.addSubnet(address, Number(prefix), type);
  }
  return list;
}

function isTrusted(list: BlockList, address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return list.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

/**
 * The client's address: the peer unless it is a trusted proxy, then the X-Forwarded-For entries
 * from the right while they are trusted. Null only when the peer is unknown.
 */
export function clientAddress(
  source: { peer: string | null; forwardedFor: string | null },
  trust: TrustProxy,
): string | null {
  if (!source.peer) return null;
  const forwarded = (source.forwardedFor ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
    .reverse();
  const chain = [source.peer, ...forwarded].map(normalizeAddress);
  let index = 0;
  if (trust.kind === 'hops') index = Math.min(trust.hops, chain.length - 1);
  if (trust.kind === 'ranges') {
    const list = blockList(trust.ranges);
    while (index < chain.length - 1 && isTrusted(list, chain[index] ?? '')) index += 1;
  }
  return (chain[index] ?? source.peer).slice(0, 64);
}
