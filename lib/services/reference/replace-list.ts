// Stores one parsed reference list in reference_lists, replacing the row of the same name.
import { eq } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import { referenceLists } from '@/lib/db/schema';
import type { ImportedList, ListCategory } from './import-lists';

export interface ParsedReferenceList {
  /** The list's id and name: its folder and file ("tor/exit-addresses"). */
  name: string;
  /** The category stored on the row (e.g. `ssa-area`); `reported` is the one the summary names. */
  category: string;
  reported: ListCategory;
  format: string;
  sourcePath: string;
  publishedAt: Date | null;
  entries: string[];
  records: number;
  invalid: number;
}

/**
 * Replaces the list in one transaction, so readers see the old list or the new one, never none;
 * returns its line of the import summary, timed from `started` (Date.now() before reading it).
 */
export async function replaceReferenceList(
  db: Database,
  list: ParsedReferenceList,
  started: number,
  now: () => Date,
): Promise<ImportedList> {
  await db.transaction(async (tx) => {
    await tx.delete(referenceLists).where(eq(referenceLists.id, list.name));
    await tx.insert(referenceLists).values({
      id: list.name,
      name: list.name,
      category: list.category,
      format: list.format,
      sourcePath: list.sourcePath,
      publishedAt: list.publishedAt,
      entryCount: list.entries.length,
      importedAt: now(),
      entries: list.entries,
    });
  });
  return {
    name: list.name,
    category: list.reported,
    format: list.format,
    sourcePath: list.sourcePath,
    records: list.records,
    entries: list.entries.length,
    invalid: list.invalid,
    publishedAt: list.publishedAt?.toISOString() ?? null,
    ms: Date.now() - started,
  };
}
