// A process cache of an index built from the reference_lists rows of some categories, rebuilt
// when an import of one of them lands (stamped-cache.ts).
import { inArray, max } from 'drizzle-orm';
import { referenceLists } from '@/lib/db/schema';
import { stampedCache, stampOf } from './stamped-cache';

export interface ReferenceListRow {
  name: string;
  category: string;
  publishedAt: Date | null;
  entries: string[];
}

/** The cached-index reader: `build` gets the categories' rows whenever their newest import changed. */
export function referenceListCache<T>(
  label: string,
  categories: readonly string[],
  build: (rows: ReferenceListRow[]) => T | null,
) {
  const rowsOf = inArray(referenceLists.category, [...categories]);
  return stampedCache<T>({
    label,
    stamp: async (db) =>
      stampOf(
        (
          await db
            .select({ newest: max(referenceLists.importedAt) })
            .from(referenceLists)
            .where(rowsOf)
        )[0],
      ),
    build: async (db) =>
      build(
        await db
          .select({
            name: referenceLists.name,
            category: referenceLists.category,
            publishedAt: referenceLists.publishedAt,
            entries: referenceLists.entries,
          })
          .from(referenceLists)
          .where(rowsOf),
      ),
  });
}
