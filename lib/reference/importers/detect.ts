// Which importer reads a file, decided by its content (the name only breaks ties, and names Apple's
// egress list, whose CSV shape any geofeed shares).
import { isAppleEgressIpRanges, parseAppleEgressIpRanges } from './apple-egress-ip-ranges';
import { parseAwsIpRanges } from './aws-ip-ranges';
import type { ParsedList } from './cidr';
import { parseGcpCloud } from './gcp-cloud';
import { parsePlainIpList } from './plain-ip-list';
import { parseTorExitAddresses } from './tor-exit-addresses';

export type ListFormat =
  | 'tor-exit-addresses'
  | 'aws-ip-ranges'
  | 'gcp-cloud'
  | 'apple-egress-ip-ranges'
  | 'plain-ip-list';

export const PARSERS: Readonly<Record<ListFormat, (text: string) => ParsedList>> = {
  'tor-exit-addresses': parseTorExitAddresses,
  'aws-ip-ranges': parseAwsIpRanges,
  'gcp-cloud': parseGcpCloud,
  'apple-egress-ip-ranges': parseAppleEgressIpRanges,
  'plain-ip-list': parsePlainIpList,
};

/** The format of a file, or null when it is none of the known ones. */
export function detectFormat(text: string, fileName = ''): ListFormat | null {
  const head = text.slice(0, 4096);
  if (isAppleEgressIpRanges(head, fileName)) return 'apple-egress-ip-ranges';
  if (/^\s*\{/.test(head)) {
    if (/"ip_prefix"|"ipv6_prefix"|"createDate"/.test(head)) return 'aws-ip-ranges';
    if (/"ipv4Prefix"|"ipv6Prefix"|"creationTime"/.test(head)) return 'gcp-cloud';
    return null;
  }
  if (/^ExitNode [0-9A-F]{40}\s*$/m.test(head) && /^ExitAddress /m.test(head)) return 'tor-exit-addresses';
  const lines = head
    .split(/\r?\n/)
    .slice(0, text.length > head.length ? -1 : undefined)
    .map((l) => l.replace(/#.*/, '').trim())
    .filter(Boolean);
  if (lines.length > 0 && lines.every((l) => /^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(l))) return 'plain-ip-list';
  return null;
}
