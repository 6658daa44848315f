// Imports the sanctions lists among the files of a directory: each file's format is detected from
// its head, OFAC's CSVs are grouped with their folder siblings, and each source replaces its row of
// sanction_lists in one transaction. Files of lists that are not screened are claimed and skipped.
import { open, readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { sanctionLists } from '@/lib/db/schema';
import { DETECT_HEAD_BYTES, detectSanctionsFormat } from '@/lib/reference/sanctions/detect';
import {
  type DetectedFile,
  PARSE_SOURCE,
  planSanctionSources,
  type SanctionSourcePlan,
  sourceName,
} from '@/lib/reference/sanctions/sources';
import { recordListChange } from '../monitoring/list-changes';
import type { DirectoryImporter, ImportedList, SkippedFile } from './import-lists';

/** UTF-8, or Windows-1252 for a file that is not valid UTF-8 (older list exports). */
function decode(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

async function readHead(file: string): Promise<string> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(DETECT_HEAD_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    // The cut may split a UTF-8 sequence: decode leniently, the head is only sniffed.
    return new TextDecoder('utf-8').decode(buffer.subarray(0, bytesRead));
  } finally {
    await handle.close();
  }
}

const readText = async (file: string | null) => (file === null ? null : decode(await readFile(file)));

export const importSanctionFiles: DirectoryImporter = async (db, files, onProgress, now, downloadedDate) => {
  const detected: DetectedFile[] = [];
  for (const file of files) {
    const format = detectSanctionsFormat(await readHead(file), path.basename(file));
    if (format) detected.push({ path: file, format });
  }
  const { sources, setAside } = planSanctionSources(detected);
  const skipped: SkippedFile[] = [];
  for (const file of setAside) {
    skipped.push({ sourcePath: file.path, reason: file.reason });
    onProgress(`skip ${sourceName(file.path)}: ${file.reason}`);
  }
  const imported: ImportedList[] = [];
  for (const source of sources) {
    const done = await importSource(db, source, now, downloadedDate);
    if ('reason' in done) {
      skipped.push(done);
      onProgress(`skip ${source.name}: ${done.reason}`);
      continue;
    }
    imported.push(done);
    onProgress(
      `imported ${done.name}: sanctions ${source.list}, ${done.format}, ${done.entries} entries (${done.records} records, ${done.invalid} invalid) in ${done.ms} ms${done.monitoringRuns ? `; ${done.monitoringRuns} monitoring runs queued` : ''}`,
    );
  }
  return { imported, skipped, claimed: detected.map((file) => file.path) };
};

async function importSource(
  db: Parameters<DirectoryImporter>[0],
  source: SanctionSourcePlan,
  now: () => Date,
  downloadedDate: (file: string) => Promise<Date | null>,
): Promise<ImportedList | SkippedFile> {
  const started = Date.now();
  const parsed = PARSE_SOURCE[source.format]({
    primary: (await readText(source.primary)) ?? '',
    addresses: await readText(source.addresses),
    aliases: await readText(source.aliases),
    comments: await readText(source.comments),
  });
  // An empty parse is a broken or truncated file: keep the list already loaded.
  if (parsed.entries.length === 0) return { sourcePath: source.primary, reason: 'no entries could be read' };
  // OFAC's legacy CSVs state no date: a downloaded one is dated by its download (download-manifest.ts).
  const publishedAt = parsed.publishedAt ?? (await downloadedDate(source.primary));
  const importedAt = now();
  const monitored = await db.transaction(async (tx) => {
    const [previous] = await tx
      .select({ entries: sanctionLists.entries })
      .from(sanctionLists)
      .where(eq(sanctionLists.id, source.name))
      .for('update');
    await tx.delete(sanctionLists).where(eq(sanctionLists.id, source.name));
    await tx.insert(sanctionLists).values({
      id: source.name,
      list: source.list,
      format: source.format,
      sourcePath: source.primary,
      publishedAt,
      entryCount: parsed.entries.length,
      importedAt,
      entries: parsed.entries,
    });
    // A new version of a source already loaded: the sessions verified lately are screened against
    // what it adds (lib/services/monitoring). A first import is the baseline.
    return previous
      ? recordListChange(tx, {
          source: source.name,
          list: source.list,
          previous: previous.entries,
          next: parsed.entries,
          at: importedAt,
        })
      : 0;
  });
  return {
    name: source.name,
    category: 'sanctions',
    format: source.format,
    sourcePath: source.primary,
    records: parsed.records,
    entries: parsed.entries.length,
    invalid: parsed.invalid,
    publishedAt: publishedAt?.toISOString() ?? null,
    ms: Date.now() - started,
    ...(monitored > 0 ? { monitoringRuns: monitored } : {}),
  };
}
