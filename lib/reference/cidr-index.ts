// An in-memory index of CIDR lists (IPv4 and IPv6). CIDRs are laminar (two blocks either nest or
// are disjoint), so each block keeps a pointer to its nearest enclosing block: a lookup is one
// binary search plus a walk up at most 33 (v4) or 129 (v6) enclosing blocks.
import ipaddr from 'ipaddr.js';

export type IpListType = 'TOR' | 'PRIVACY_RELAY' | 'VPN' | 'DATA_CENTER';

/**
 * Higher wins when an address is on several lists. iCloud Private Relay egresses run on Akamai,
 * Cloudflare and Fastly ranges that VPN and data-center lists hold too; Apple's own list of them
 * is the more specific fact, so it beats both. A Tor exit is observed running Tor: that stays first.
 */
const PRECEDENCE: Readonly<Record<IpListType, number>> = { TOR: 4, PRIVACY_RELAY: 3, VPN: 2, DATA_CENTER: 1 };

export interface IpListSource {
  name: string;
  type: IpListType;
  publishedAt: Date | null;
}

export interface IpListMatch extends IpListSource {
  cidr: string;
}

interface Block {
  start: bigint;
  end: bigint;
  bits: number;
  source: number;
}

function toBigInt(bytes: number[]): bigint {
  let value = 0n;
  for (const b of bytes) value = (value << 8n) | BigInt(b);
  return value;
}

/** Family and numeric value of an address (IPv4-mapped IPv6 counts as IPv4), or null. */
function addressValue(ip: string): { v6: boolean; value: bigint } | null {
  try {
    const addr = ipaddr.process(ip.trim());
    return { v6: addr.kind() === 'ipv6', value: toBigInt(addr.toByteArray()) };
  } catch {
    return null;
  }
}

class Family {
  private starts: bigint[] = [];
  private ends: bigint[] = [];
  private bits: number[] = [];
  private sources: number[] = [];
  private parents: number[] = [];

  constructor(blocks: Block[]) {
    // Containers first: start ascending, then the larger block (end descending).
    blocks.sort((a, b) =>
      a.start < b.start ? -1 : a.start > b.start ? 1 : a.end > b.end ? -1 : a.end < b.end ? 1 : 0,
    );
    const stack: number[] = [];
    blocks.forEach((block, i) => {
      while (stack.length > 0) {
        const top = stack[stack.length - 1] ?? -1;
        if ((this.ends[top] ?? -1n) >= block.end) break;
        stack.pop();
      }
      this.starts.push(block.start);
      this.ends.push(block.end);
      this.bits.push(block.bits);
      this.sources.push(block.source);
      this.parents.push(stack.length > 0 ? (stack[stack.length - 1] ?? -1) : -1);
      stack.push(i);
    });
  }

  get size(): number {
    return this.starts.length;
  }

  /** Every block containing value, innermost first. */
  *containing(value: bigint): Generator<{ source: number; start: bigint; bits: number }> {
    let lo = 0;
    let hi = this.starts.length - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if ((this.starts[mid] ?? 0n) <= value) {
        found = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    for (let i = found; i >= 0; i = this.parents[i] ?? -1) {
      if ((this.ends[i] ?? -1n) >= value) {
        yield { source: this.sources[i] ?? 0, start: this.starts[i] ?? 0n, bits: this.bits[i] ?? 0 };
      }
    }
  }
}

function formatCidr(v6: boolean, start: bigint, bits: number): string {
  const length = v6 ? 16 : 4;
  const bytes: number[] = [];
  for (let i = length - 1; i >= 0; i--) bytes.push(Number((start >> BigInt(i * 8)) & 0xffn));
  const addr = v6 ? new ipaddr.IPv6(bytes) : new ipaddr.IPv4(bytes);
  return `${addr.toString()}/${bits}`;
}

export class CidrIndex {
  private readonly v4: Family;
  private readonly v6: Family;
  readonly sources: readonly IpListSource[];
  /** Entries that were not a valid CIDR or address. */
  readonly skipped: number;

  private constructor(v4: Family, v6: Family, sources: IpListSource[], skipped: number) {
    this.v4 = v4;
    this.v6 = v6;
    this.sources = sources;
    this.skipped = skipped;
  }

  /** Builds the index; entries that are not a valid CIDR or address are skipped and counted. */
  static build(lists: ReadonlyArray<IpListSource & { entries: readonly string[] }>): CidrIndex {
    const v4: Block[] = [];
    const v6: Block[] = [];
    let skipped = 0;
    lists.forEach((list, source) => {
      for (const entry of list.entries) {
        try {
          const text = entry.includes('/') ? entry : `${entry}/${entry.includes(':') ? 128 : 32}`;
          const [addr, bits] = ipaddr.parseCIDR(text);
          const width = addr.kind() === 'ipv6' ? 128n : 32n;
          const base = toBigInt(addr.toByteArray());
          const hostBits = width - BigInt(bits);
          const start = (base >> hostBits) << hostBits;
          const end = start + (1n << hostBits) - 1n;
          (addr.kind() === 'ipv6' ? v6 : v4).push({ start, end, bits, source });
        } catch {
          skipped++;
        }
      }
    });
    const sources = lists.map(({ name, type, publishedAt }) => ({ name, type, publishedAt }));
    return new CidrIndex(new Family(v4), new Family(v6), sources, skipped);
  }

  get size(): number {
    return this.v4.size + this.v6.size;
  }

  /**
   * The best list holding ip (TOR > PRIVACY_RELAY > VPN > DATA_CENTER; then the most specific
   * block), or null.
   */
  match(ip: string): IpListMatch | null {
    const parsed = addressValue(ip);
    if (parsed === null) return null;
    let best: IpListMatch | null = null;
    let bestRank = 0;
    for (const hit of (parsed.v6 ? this.v6 : this.v4).containing(parsed.value)) {
      const source = this.sources[hit.source];
      if (!source) continue;
      const rank = PRECEDENCE[source.type];
      if (rank > bestRank) {
        bestRank = rank;
        best = { ...source, cidr: formatCidr(parsed.v6, hit.start, hit.bits) };
      }
    }
    return best;
  }

  lookup(ip: string): IpListType | null {
    return this.match(ip)?.type ?? null;
  }
}
