// The Tor / VPN / data-center lists of the database as one CidrIndex, cached in the process and
// rebuilt when an import lands (stamped-cache.ts).
import { inArray, max } from 'drizzle-orm';
import { referenceLists } from '@/lib/db/schema';
import { CidrIndex, type IpListType } from '@/lib/reference/cidr-index';
import { stampedCache, stampOf } from './stamped-cache';

const TYPES: Readonly<Record<string, IpListType>> = { tor: 'TOR', vpn: 'VPN', datacenter: 'DATA_CENTER' };
const ipRows = inArray(referenceLists.category, Object.keys(TYPES));

/** The loaded lists, or null when none are imported (IP_TYPE then says the lists are not loaded). */
export const ipListIndex = stampedCache<CidrIndex>({
  label: 'reference lists',
  stamp: async (db) =>
    stampOf(
      (
        await db
          .select({ newest: max(referenceLists.importedAt) })
          .from(referenceLists)
          .where(ipRows)
      )[0],
    ),
  build: async (db) => {
    const rows = await db
      .select({
        name: referenceLists.name,
        category: referenceLists.category,
        publishedAt: referenceLists.publishedAt,
        entries: referenceLists.entries,
      })
      .from(referenceLists)
      .where(ipRows);
    return CidrIndex.build(
      rows.flatMap((r) => {
        const type = TYPES[r.category];
        return type ? [{ name: r.name, type, publishedAt: r.publishedAt, entries: r.entries }] : [];
      }),
    );
  },
});
