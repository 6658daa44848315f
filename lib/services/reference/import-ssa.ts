// Imports the SSA high-group and area tables among the files of a directory into
// reference_lists (categories ssa-high-group and ssa-area), each replaced in one transaction.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { detectSsaFormat, parseSsaAreas, parseSsaHighGroups } from '@/lib/reference/ssa/parse';
import type { ClaimedImport, DirectoryImporter } from './import-lists';
import { replaceReferenceList } from './replace-list';

export const SSA_CATEGORIES = { 'high-group': 'ssa-high-group', area: 'ssa-area' } as const;

export const importSsaFiles: DirectoryImporter = async (db, files, onProgress, now) => {
  const result: ClaimedImport = { imported: [], skipped: [], claimed: [] };
  for (const file of files) {
    const started = Date.now();
    const head = await readFile(file, 'utf8').then((t) => t.slice(0, 8192));
    const format = detectSsaFormat(head);
    if (format === null) continue;
    const text = await readFile(file, 'utf8');
    const parsed = format === 'ssa-high-groups' ? parseSsaHighGroups(text) : parseSsaAreas(text);
    const name = `${path.basename(path.dirname(file))}/${path.basename(file)}`;
    result.claimed.push(file);
    if (parsed.entries.length === 0) {
      result.skipped.push({ sourcePath: file, reason: `${format}: no entries` });
      onProgress(`skip ${name}: ${format} with no entries`);
      continue;
    }
    const done = await replaceReferenceList(
      db,
      {
        name,
        category: SSA_CATEGORIES[parsed.kind],
        reported: 'ssa',
        format,
        sourcePath: file,
        publishedAt: parsed.publishedAt,
        entries: parsed.entries,
        records: parsed.entries.length + parsed.invalid,
        invalid: parsed.invalid,
      },
      started,
      now,
    );
    result.imported.push(done);
    onProgress(`imported ${name}: ssa, ${format}, ${done.entries} entries in ${done.ms} ms`);
  }
  return result;
};
