// The imported SSA tables, cached in the process and rebuilt when an import lands (stamped-cache.ts).
import { inArray, max } from 'drizzle-orm';
import { referenceLists } from '@/lib/db/schema';
import { buildSsaTables, type SsaListRows } from '@/lib/engine/ssa/tables';
import type { SsaTables } from '@/lib/engine/ssa/types';
import { SSA_CATEGORIES } from './import-ssa';
import { stampedCache, stampOf } from './stamped-cache';

const CATEGORIES = Object.values(SSA_CATEGORIES);
const ssaRows = inArray(referenceLists.category, CATEGORIES);

/** The SSA tables, or null when no high-group list is imported (the issuance checks then await it). */
export const ssaTables = stampedCache<SsaTables>({
  label: 'SSA tables',
  stamp: async (db) =>
    stampOf(
      (
        await db
          .select({ newest: max(referenceLists.importedAt) })
          .from(referenceLists)
          .where(ssaRows)
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
      .where(ssaRows);
    return buildSsaTables(
      rows.map(
        (r): SsaListRows => ({
          name: r.name,
          kind: r.category === SSA_CATEGORIES['high-group'] ? 'high-group' : 'area',
          publishedAt: r.publishedAt,
          entries: r.entries,
        }),
      ),
    );
  },
});
