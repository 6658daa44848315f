// IP addresses of seeded events, by the IP_TYPE state they should reach once the lists are
// loaded. Samples come from the reference copies in reference-data/ip (see its README):
// Tor exits from tor/exit-addresses, VPN ranges from x4bnet-vpn, hosting from aws/ip-ranges.json.
// Home ranges are ISP blocks that none of those lists covers (places.ts).
import type { Rng } from './prng';

export type IpKind = 'residential' | 'mobile' | 'tor' | 'vpn' | 'datacenter' | 'private';

export interface SeedIp {
  address: string;
  kind: IpKind;
  /** Where the address is (the event's country); null for private addresses. */
  country: string | null;
}

const TOR_EXITS = [
  '185.241.208.232',
  '185.220.101.12',
  '45.141.215.80',
  '45.141.215.114',
  '185.220.101.103',
  '185.100.87.41',
  '45.134.225.36',
  '194.26.192.64',
  '171.25.193.25',
  '192.42.116.187',
] as const;

/** VPN ranges (base, prefix length, exit country). */
const VPN_RANGES = [
  ['23.27.109.0', 24, 'US'],
  ['46.203.154.0', 24, 'NL'],
  ['2.56.16.0', 22, 'GB'],
  ['2.57.68.0', 22, 'DE'],
] as const;

/** AWS prefixes: scripted sign-ups and API abuse come from hosting providers. */
const DATACENTER_RANGES = [
  ['3.5.140.0', 22, 'KR'],
  ['52.94.0.0', 16, 'US'],
] as const;

/** T-Mobile US: carrier-grade addresses of phones on mobile data. */
const MOBILE_RANGE = ['172.32.0.0', 11] as const;

function toInt(address: string): number {
  return address.split('.').reduce((n, part) => n * 256 + Number(part), 0);
}

function toText(n: number): string {
  return [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.');
}

/** A host address inside base/prefix (never the network or broadcast address). */
export function hostIn(rng: Rng, base: string, prefix: number): string {
  const size = 2 ** (32 - prefix);
  return toText(toInt(base) + (size > 2 ? rng.int(1, size - 2) : 0));
}

export function residentialIp(rng: Rng, isp: readonly [string, number], country: string): SeedIp {
  return { address: hostIn(rng, isp[0], isp[1]), kind: 'residential', country };
}

export function specialIp(rng: Rng, kind: Exclude<IpKind, 'residential'>): SeedIp {
  switch (kind) {
    case 'tor':
      // Exit relays are shared: many people appear behind the same few addresses.
      return { address: rng.pick(TOR_EXITS), kind, country: 'DE' };
    case 'vpn': {
      const [base, prefix, country] = rng.pick(VPN_RANGES);
      return { address: hostIn(rng, base, Math.max(prefix, 26)), kind, country };
    }
    case 'datacenter': {
      const [base, prefix, country] = rng.pick(DATACENTER_RANGES);
      return { address: hostIn(rng, base, prefix), kind, country };
    }
    case 'mobile':
      return { address: hostIn(rng, MOBILE_RANGE[0], MOBILE_RANGE[1]), kind, country: 'US' };
    case 'private':
      return {
        address: rng.chance(0.5) ? hostIn(rng, '10.0.0.0', 8) : hostIn(rng, '192.168.0.0', 16),
        kind,
        country: null,
      };
  }
}
