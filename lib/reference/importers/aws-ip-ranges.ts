// AWS ip-ranges.json: createDate "YYYY-MM-DD-hh-mm-ss" (UTC), prefixes[].ip_prefix, ipv6_prefixes[].ipv6_prefix.
import { collect, type ParsedList } from './cidr';

function field(item: unknown, name: string): string | null {
  if (typeof item !== 'object' || item === null) return null;
  const value = (item as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : null;
}

function list(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

export function parseAwsIpRanges(text: string): ParsedList {
  const doc = JSON.parse(text) as Record<string, unknown>;
  const values = [
    ...list(doc.prefixes).map((p) => field(p, 'ip_prefix') ?? ''),
    ...list(doc.ipv6_prefixes).map((p) => field(p, 'ipv6_prefix') ?? ''),
  ];
  let publishedAt: Date | null = null;
  const m =
    typeof doc.createDate === 'string'
      ? /^(\d{4})-(\d{2})-(\d{2})-(\d{2})-(\d{2})-(\d{2})$/.exec(doc.createDate)
      : null;
  if (m) {
    publishedAt = new Date(
      Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6])),
    );
  }
  return collect(values, publishedAt);
}

export { field as jsonField, list as jsonList };
