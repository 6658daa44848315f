// The reference lists of the database as one CidrIndex, cached in the process. The newest
// imported_at is checked at most every CHECK_MS; the index is rebuilt only when it changed.
import { max } from 'drizzle-orm';
import type { Executor } from '@/lib/db/client';
import { referenceLists } from '@/lib/db/schema';
import { CidrIndex, type IpListType } from '@/lib/reference/cidr-index';

const CHECK_MS = 2_000;

const TYPES: Readonly<Record<string, IpListType>> = { tor: 'TOR', vpn: 'VPN', datacenter: 'DATA_CENTER' };

interface Cache {
  stamp: number | null;
  index: CidrIndex | null;
  checkedAt: number;
}

let cache: Cache | null = null;
let loading: Promise<CidrIndex | null> | null = null;

async function refresh(db: Executor, nowMs: number): Promise<CidrIndex | null> {
  const [row] = await db.select({ newest: max(referenceLists.importedAt) }).from(referenceLists);
  const stamp = row?.newest ? new Date(row.newest).getTime() : null;
  if (cache && cache.stamp === stamp) {
    cache.checkedAt = nowMs;
    return cache.index;
  }
  let index: CidrIndex | null = null;
  if (stamp !== null) {
    const rows = await db
      .select({
        name: referenceLists.name,
        category: referenceLists.category,
        publishedAt: referenceLists.publishedAt,
        entries: referenceLists.entries,
      })
      .from(referenceLists);
    index = CidrIndex.build(
      rows.flatMap((r) => {
        const type = TYPES[r.category];
        return type ? [{ name: r.name, type, publishedAt: r.publishedAt, entries: r.entries }] : [];
      }),
    );
  }
  cache = { stamp, index, checkedAt: nowMs };
  return index;
}

/** The loaded lists, or null when none are imported (IP_TYPE then says the lists are not loaded). */
export async function ipListIndex(db: Executor, nowMs: number = Date.now()): Promise<CidrIndex | null> {
  if (cache && nowMs - cache.checkedAt < CHECK_MS) return cache.index;
  if (!loading) {
    loading = refresh(db, nowMs).finally(() => {
      loading = null;
    });
  }
  try {
    return await loading;
  } catch (error) {
    process.stderr.write(
      `${JSON.stringify({ level: 'error', msg: 'reference lists not loaded', error: error instanceof Error ? error.message : String(error) })}\n`,
    );
    return cache?.index ?? null;
  }
}
