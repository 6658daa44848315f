// What `lists update` knows about each file it downloaded: when, and the server's Last-Modified.
// Written beside the files as `.downloads.json` (the import walks past dot files), so a list whose
// file states no date of its own (OFAC's legacy CSVs) is still dated: by its download, when it was
// the official list of the day. Not by Last-Modified: a list the source has not changed for a month
// is still current, and its age is how long since we last had the current one.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';

export const MANIFEST_FILE = '.downloads.json';

const entrySchema = z.object({
  url: z.string(),
  downloadedAt: z.iso.datetime(),
  lastModified: z.iso.datetime().nullable(),
});
const manifestSchema = z.record(z.string(), entrySchema);

export type DownloadEntry = z.infer<typeof entrySchema>;
export type DownloadManifest = z.infer<typeof manifestSchema>;

/** An HTTP Last-Modified header as an ISO date, or null when absent or unreadable. */
export function lastModifiedOf(header: string | null): string | null {
  if (header === null) return null;
  const date = new Date(header);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** The manifest of a download folder; empty when there is none or it cannot be read. */
export async function readManifest(dir: string): Promise<DownloadManifest> {
  try {
    const parsed = manifestSchema.safeParse(
      JSON.parse(await readFile(path.join(dir, MANIFEST_FILE), 'utf8')),
    );
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

/** Adds this run's downloads to the folder's manifest (files that failed keep their earlier entry). */
export async function recordDownloads(
  dir: string,
  entries: Readonly<Record<string, DownloadEntry>>,
): Promise<void> {
  if (Object.keys(entries).length === 0) return;
  const manifest = { ...(await readManifest(dir)), ...entries };
  await writeFile(path.join(dir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
}

/**
 * The date a downloaded file stands for, its download time; null for a file no manifest names. `lists update` saves every file as <folder>/<file> under the folder the
 * manifest sits in, so the manifest is two levels up from the file whatever folder is imported.
 */
export function manifestDates(): (file: string) => Promise<Date | null> {
  const manifests = new Map<string, Promise<DownloadManifest>>();
  return async (file) => {
    const root = path.dirname(path.dirname(file));
    let manifest = manifests.get(root);
    if (manifest === undefined) {
      manifest = readManifest(root);
      manifests.set(root, manifest);
    }
    const key = path.relative(root, file).split(path.sep).join('/');
    const entry = (await manifest)[key];
    return entry ? new Date(entry.downloadedAt) : null;
  };
}
