// Apple's iCloud Private Relay egress-ip-ranges.csv: one range per line, "CIDR,country,region,city,"
// (the geofeed layout of RFC 8805, e.g. `172.224.226.0/27,GB,GB-EN,London,`). Only the CIDR is
// kept: IP_TYPE asks whether an address is a relay egress, not where the relay says it is. The
// file states no date. A malformed line is counted as invalid and skipped, never fatal.
import { collect, type ParsedList } from './cidr';

/** The file name Apple publishes it under (https://mask-api.icloud.com/egress-ip-ranges.csv). */
export const APPLE_EGRESS_FILE_NAME = 'egress-ip-ranges.csv';

export function parseAppleEgressIpRanges(text: string): ParsedList {
  const values: string[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    // RFC 8805 allows '#' comment lines; Apple's file has none, a hand-kept copy might.
    if (!line || line.startsWith('#')) continue;
    values.push(line.split(',')[0] ?? '');
  }
  return collect(values, null);
}

/**
 * Any geofeed has this shape, so the file name decides (the import names a list by its folder and
 * file): `egress-ip-ranges.csv` whose first line starts with an address or CIDR and a comma.
 */
export function isAppleEgressIpRanges(head: string, fileName: string): boolean {
  if (fileName.split(/[\\/]/).pop()?.toLowerCase() !== APPLE_EGRESS_FILE_NAME) return false;
  const first = head.split(/\r?\n/).find((line) => line.trim() && !line.trim().startsWith('#'));
  return first !== undefined && /^\s*[0-9a-fA-F:.]+(\/\d{1,3})?\s*,/.test(first);
}
