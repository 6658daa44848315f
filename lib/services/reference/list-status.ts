// What reference data is loaded: every imported list's name, kind, date and size, for the health
// endpoint and the console. Metadata columns only, cached for a few seconds, so health stays cheap.
import type { ListStatus } from '@/lib/contract/console/lists';
import type { Executor } from '@/lib/db/client';
import { referenceLists, sanctionLists } from '@/lib/db/schema';

const TTL_MS = 5_000;
let cache: { at: number; lists: ListStatus[] } | null = null;

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export async function listStatus(db: Executor, nowMs: number = Date.now()): Promise<ListStatus[]> {
  if (cache && nowMs - cache.at < TTL_MS) return cache.lists;
  const [reference, sanctions] = await Promise.all([
    db
      .select({
        name: referenceLists.name,
        category: referenceLists.category,
        format: referenceLists.format,
        entries: referenceLists.entryCount,
        publishedAt: referenceLists.publishedAt,
        importedAt: referenceLists.importedAt,
      })
      .from(referenceLists),
    db
      .select({
        name: sanctionLists.id,
        list: sanctionLists.list,
        format: sanctionLists.format,
        entries: sanctionLists.entryCount,
        publishedAt: sanctionLists.publishedAt,
        importedAt: sanctionLists.importedAt,
      })
      .from(sanctionLists),
  ]);
  const lists: ListStatus[] = [
    ...sanctions.map((r) => ({
      name: r.name,
      category: `sanctions:${r.list}`,
      format: r.format,
      entries: r.entries,
      publishedAt: iso(r.publishedAt),
      importedAt: iso(r.importedAt) ?? '',
    })),
    ...reference.map((r) => ({
      name: r.name,
      category: r.category,
      format: r.format,
      entries: r.entries,
      publishedAt: iso(r.publishedAt),
      importedAt: iso(r.importedAt) ?? '',
    })),
  ].sort((a, b) => a.category.localeCompare(b.category) || a.name.localeCompare(b.name));
  cache = { at: nowMs, lists };
  return lists;
}
