// `lists update` as one function, for the CLI and for the launcher's schedule: download the
// official lists into a folder, then import that folder, unless nothing could be downloaded (an
// empty folder would import nothing and only hide the failure).
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { OfficialSource } from '@/lib/reference/official-sources';
import { type DownloadResult, downloadLists } from './download-lists';
import type { ImportSummary } from './import-lists';

export interface ListUpdate {
  dir: string;
  downloads: DownloadResult;
  /** null when no download worked, so nothing was imported. */
  summary: ImportSummary | null;
}

/** Where an update downloads by default: DATA_DIR/lists/<UTC date>, one folder a day. */
export function updateDir(dataDir: string, now: Date): string {
  return path.join(dataDir, 'lists', now.toISOString().slice(0, 10));
}

export async function updateLists(options: {
  sources: readonly OfficialSource[];
  dir: string;
  /** Imports a folder (importLists against the caller's database). */
  importDir: (dir: string) => Promise<ImportSummary>;
  onProgress?: (line: string) => void;
  timeoutMs?: number;
  resolveTimeoutMs?: number;
}): Promise<ListUpdate> {
  const downloads = await downloadLists(options.sources, options.dir, {
    onProgress: options.onProgress,
    timeoutMs: options.timeoutMs,
    resolveTimeoutMs: options.resolveTimeoutMs,
  });
  if (downloads.downloaded.length === 0) return { dir: options.dir, downloads, summary: null };
  return { dir: options.dir, downloads, summary: await options.importDir(options.dir) };
}

/**
 * Removes all but the newest `keep` dated folders (YYYY-MM-DD) under DATA_DIR/lists, so a schedule
 * does not fill the disk with a copy of every list each day; other folders (--into) are left alone.
 */
export async function pruneUpdateDirs(dataDir: string, keep: number): Promise<string[]> {
  const root = path.join(dataDir, 'lists');
  const names = await readdir(root).catch(() => [] as string[]);
  const dated = names.filter((name) => /^\d{4}-\d{2}-\d{2}$/.test(name)).sort();
  const old = dated.slice(0, Math.max(0, dated.length - keep));
  for (const name of old) await rm(path.join(root, name), { recursive: true, force: true });
  return old;
}
