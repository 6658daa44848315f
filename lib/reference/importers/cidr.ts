import ipaddr from 'ipaddr.js';

/** What every importer returns: normalised CIDRs (deduplicated), the file's own date, records read. */
export interface ParsedList {
  /** CIDRs in canonical form; a bare address becomes /32 or /128. */
  entries: string[];
  /** The date the file itself states (AWS createDate, GCP creationTime, Tor latest LastStatus). */
  publishedAt: Date | null;
  /** Source records read (lines or prefixes), before deduplication. */
  records: number;
  /** Records that were not a valid address or CIDR. */
  invalid: number;
}

/** Canonical CIDR for an address or CIDR string, or null when it is neither. */
export function toCidr(value: string): string | null {
  const text = value.trim();
  if (!text) return null;
  try {
    if (text.includes('/')) {
      const [addr, bits] = ipaddr.parseCIDR(text);
      const network =
        addr.kind() === 'ipv4'
          ? ipaddr.IPv4.networkAddressFromCIDR(text)
          : ipaddr.IPv6.networkAddressFromCIDR(text);
      return `${network.toString()}/${bits}`;
    }
    const addr = ipaddr.parse(text);
    return `${addr.toString()}/${addr.kind() === 'ipv4' ? 32 : 128}`;
  } catch {
    return null;
  }
}

/** Builds a ParsedList from raw values, deduplicating and counting the invalid ones. */
export function collect(values: Iterable<string>, publishedAt: Date | null): ParsedList {
  const seen = new Set<string>();
  let records = 0;
  let invalid = 0;
  for (const value of values) {
    records++;
    const cidr = toCidr(value);
    if (cidr === null) invalid++;
    else seen.add(cidr);
  }
  return { entries: [...seen], publishedAt, records, invalid };
}

/** A date written as UTC without a zone ("2024-03-12 08:00:00", "2025-07-24T19:16:28.780563"). */
export function utcDate(text: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2}):(\d{2})(\.\d+)?Z?$/.exec(text.trim());
  if (!m) return null;
  const ms = m[7] ? Math.floor(Number(m[7]) * 1000) : 0;
  const date = new Date(
    Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6]), ms),
  );
  return Number.isNaN(date.getTime()) ? null : date;
}
