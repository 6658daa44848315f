// Imports every recognised list of a directory. The sanctions and SSA importers claim their files
// first (OFAC's four CSVs are one list); each remaining file is a Tor / iCloud Private Relay / VPN /
// data-center list whose format is detected by content (Apple's also by its file name), its
// category from the format and path, replaced in one transaction.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from '@/lib/db/client';
import { detectFormat, type ListFormat, PARSERS } from '@/lib/reference/importers/detect';
import { manifestDates } from './download-manifest';
import { importSanctionFiles } from './import-sanctions';
import { importSsaFiles } from './import-ssa';
import { replaceReferenceList } from './replace-list';

export type IpListCategory = 'tor' | 'privacy-relay' | 'vpn' | 'datacenter';
export type ListCategory = IpListCategory | 'sanctions' | 'ssa';

export interface ImportedList {
  name: string;
  category: ListCategory;
  format: string;
  sourcePath: string;
  records: number;
  entries: number;
  invalid: number;
  publishedAt: string | null;
  ms: number;
  /** Sanctions only: monitoring runs the new version queued (one per watching workspace), when any. */
  monitoringRuns?: number;
}

export interface SkippedFile {
  sourcePath: string;
  reason: string;
}

export interface ImportSummary {
  dir: string;
  imported: ImportedList[];
  skipped: SkippedFile[];
  totalEntries: number;
  ms: number;
}

/** Category of a list: the format decides for Tor/Apple/AWS/GCP, the path for plain lists. */
export function categorize(format: ListFormat, relativePath: string): IpListCategory | null {
  if (format === 'tor-exit-addresses') return 'tor';
  if (format === 'apple-egress-ip-ranges') return 'privacy-relay';
  if (format === 'aws-ip-ranges' || format === 'gcp-cloud') return 'datacenter';
  const p = relativePath.toLowerCase();
  if (/(^|[^a-z])tor([^a-z]|$)|tor-exit/.test(p)) return 'tor';
  if (/vpn/.test(p)) return 'vpn';
  if (/datacenter|data-center|hosting|cloud/.test(p)) return 'datacenter';
  return null;
}

/** What a directory importer did with the files it recognised (claimed files skip the IP importer). */
export interface ClaimedImport {
  imported: ImportedList[];
  skipped: SkippedFile[];
  claimed: string[];
}

export type DirectoryImporter = (
  db: Database,
  files: readonly string[],
  onProgress: (line: string) => void,
  now: () => Date,
  /** The date `lists update` recorded for a downloaded file (download-manifest.ts), else null. */
  downloadedDate: (file: string) => Promise<Date | null>,
) => Promise<ClaimedImport>;

async function* walk(dir: string): AsyncGenerator<string> {
  const entries = await readdir(dir, { withFileTypes: true });
  entries.sort((a, b) => a.name.localeCompare(b.name));
  for (const entry of entries) {
    if (entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile()) yield full;
  }
}

export async function importLists(
  db: Database,
  dir: string,
  onProgress?: (line: string) => void,
  now: () => Date = () => new Date(),
): Promise<ImportSummary> {
  const started = Date.now();
  const root = path.resolve(dir);
  const imported: ImportedList[] = [];
  const skipped: SkippedFile[] = [];
  const files: string[] = [];
  for await (const file of walk(root)) files.push(file);
  const claimed = new Set<string>();
  // A file that states no date of its own is dated by its download, when `lists update` fetched it.
  const downloadedDate = manifestDates();
  for (const importer of [importSanctionFiles, importSsaFiles]) {
    const done = await importer(db, files, (line) => onProgress?.(line), now, downloadedDate);
    imported.push(...done.imported);
    skipped.push(...done.skipped);
    for (const file of done.claimed) claimed.add(file);
  }
  for (const file of files) {
    if (claimed.has(file)) continue;
    const fileStarted = Date.now();
    // Named by its folder and file ("tor/exit-addresses"), so importing a parent or the folder
    // itself replaces the same list.
    const name = `${path.basename(path.dirname(file))}/${path.basename(file)}`;
    const text = await readFile(file, 'utf8');
    const format = detectFormat(text, name);
    const category = format ? categorize(format, name) : null;
    if (format === null || category === null) {
      const reason = format === null ? 'unrecognised format' : 'cannot tell tor/vpn/datacenter from its path';
      skipped.push({ sourcePath: file, reason });
      onProgress?.(`skip ${name}: ${reason}`);
      continue;
    }
    const parsed = PARSERS[format](text);
    const done = await replaceReferenceList(
      db,
      {
        name,
        category,
        reported: category,
        format,
        sourcePath: file,
        publishedAt: parsed.publishedAt ?? (await downloadedDate(file)),
        entries: parsed.entries,
        records: parsed.records,
        invalid: parsed.invalid,
      },
      fileStarted,
      now,
    );
    imported.push(done);
    onProgress?.(
      `imported ${name}: ${category}, ${format}, ${done.entries} entries (${done.records} records, ${done.invalid} invalid) in ${done.ms} ms`,
    );
  }
  return {
    dir: root,
    imported,
    skipped,
    totalEntries: imported.reduce((sum, l) => sum + l.entries, 0),
    ms: Date.now() - started,
  };
}
