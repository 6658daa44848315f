// The Tor / iCloud Private Relay / VPN / data-center lists of the database as one CidrIndex, cached
// in the process and rebuilt when an import lands (stamped-cache.ts).
import { CidrIndex, type IpListType } from '@/lib/reference/cidr-index';
import { referenceListCache } from './reference-list-cache';

const TYPES: Readonly<Record<string, IpListType>> = {
  tor: 'TOR',
  'privacy-relay': 'PRIVACY_RELAY',
  vpn: 'VPN',
  datacenter: 'DATA_CENTER',
};

/** The loaded lists, or null when none are imported (IP_TYPE then says the lists are not loaded). */
export const ipListIndex = referenceListCache('reference lists', Object.keys(TYPES), (rows) =>
  CidrIndex.build(
    rows.flatMap((r) => {
      const type = TYPES[r.category];
      return type ? [{ name: r.name, type, publishedAt: r.publishedAt, entries: r.entries }] : [];
    }),
  ),
);
