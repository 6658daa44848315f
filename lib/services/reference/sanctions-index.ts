// The imported sanctions lists as one in-memory screening index, cached in the process and
// rebuilt when an import lands (stamped-cache.ts).
import { max } from 'drizzle-orm';
import { sanctionLists } from '@/lib/db/schema';
import { buildSanctionsScreen } from '@/lib/engine/sanctions/screen';
import type { SanctionsScreen } from '@/lib/engine/sanctions/types';
import { stampedCache, stampOf } from './stamped-cache';

/** The loaded lists, or null when none are imported (the Identity list checks then say UNKNOWN). */
export const sanctionsIndex = stampedCache<SanctionsScreen>({
  label: 'sanctions lists',
  stamp: async (db) =>
    stampOf((await db.select({ newest: max(sanctionLists.importedAt) }).from(sanctionLists))[0]),
  build: async (db) => {
    const rows = await db
      .select({
        id: sanctionLists.id,
        list: sanctionLists.list,
        publishedAt: sanctionLists.publishedAt,
        entries: sanctionLists.entries,
      })
      .from(sanctionLists)
      .orderBy(sanctionLists.id);
    return buildSanctionsScreen(
      rows.map((r) => ({ list: r.list, name: r.id, publishedAt: r.publishedAt, entries: r.entries })),
    );
  },
});
