// Downloads the official lists into a folder (each written to a temporary name, then renamed, so
// a failed download never leaves half a file), for `lists update` to import. Several at a time.
import { lookup } from 'node:dns/promises';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { OfficialSource } from '@/lib/reference/official-sources';
import { type DownloadEntry, lastModifiedOf, recordDownloads } from './download-manifest';

export interface DownloadResult {
  downloaded: { url: string; file: string; bytes: number; ms: number }[];
  failed: { url: string; reason: string }[];
}

export async function downloadLists(
  sources: readonly OfficialSource[],
  dir: string,
  options: {
    timeoutMs?: number;
    resolveTimeoutMs?: number;
    concurrency?: number;
    onProgress?: (line: string) => void;
  } = {},
): Promise<DownloadResult> {
  const result: DownloadResult = { downloaded: [], failed: [] };
  const entries: Record<string, DownloadEntry> = {};
  // Hosts that do not resolve within a few seconds fail at once, so a machine without internet
  // (or with a resolver that swallows queries) gets its answer in seconds, not minutes.
  const hosts = [...new Set(sources.map((s) => new URL(s.url).hostname))];
  const unresolved = new Map<string, string>();
  await Promise.all(
    hosts.map(async (host) => {
      const timeout = new Promise<never>((_, reject) =>
        setTimeout(
          () => reject(new Error('DNS lookup timed out')),
          options.resolveTimeoutMs ?? 5_000,
        ).unref(),
      );
      await Promise.race([lookup(host), timeout]).catch((error: unknown) => {
        unresolved.set(
          host,
          `cannot resolve ${host}: ${error instanceof Error ? error.message : String(error)}`,
        );
      });
    }),
  );
  const queue: OfficialSource[] = [];
  for (const source of sources) {
    const reason = unresolved.get(new URL(source.url).hostname);
    if (reason === undefined) queue.push(source);
    else {
      result.failed.push({ url: source.url, reason });
      options.onProgress?.(`failed ${source.url} (${source.label}): ${reason}`);
    }
  }
  const worker = async () => {
    for (let source = queue.shift(); source; source = queue.shift()) {
      const target = path.join(dir, source.file);
      const partial = `${target}.partial`;
      const started = Date.now();
      try {
        const response = await fetch(source.url, {
          signal: AbortSignal.timeout(options.timeoutMs ?? 60_000),
          headers: { 'User-Agent': 'verity-lists-update' },
        });
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const body = Buffer.from(await response.arrayBuffer());
        await mkdir(path.dirname(target), { recursive: true });
        await writeFile(partial, body);
        await rename(partial, target);
        entries[source.file] = {
          url: source.url,
          downloadedAt: new Date().toISOString(),
          lastModified: lastModifiedOf(response.headers.get('last-modified')),
        };
        result.downloaded.push({
          url: source.url,
          file: source.file,
          bytes: body.length,
          ms: Date.now() - started,
        });
        options.onProgress?.(`downloaded ${source.file} (${source.label}): ${body.length} bytes`);
      } catch (error) {
        await rm(partial, { force: true });
        const cause =
          error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
        const reason = `${error instanceof Error ? error.message : String(error)}${cause}`;
        result.failed.push({ url: source.url, reason });
        options.onProgress?.(`failed ${source.url} (${source.label}): ${reason}`);
      }
    }
  };
  await Promise.all(Array.from({ length: options.concurrency ?? 4 }, worker));
  await recordDownloads(dir, entries);
  return result;
}
