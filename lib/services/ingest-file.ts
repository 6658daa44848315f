import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { appendFile, mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import { workspaces } from '@/lib/db/schema';
import { readLines } from '@/lib/io/ndjson-lines';
import { ingestEvents, ingestRecords } from './ingest';

/** Where a file's ingestion stands: committed batches only, so a crash resumes cleanly. */
export interface Checkpoint {
  file: string;
  offset: number;
  line: number;
  accepted: number;
  duplicates: number;
  rejected: number;
  done: boolean;
  updatedAt: string;
}

export interface FileIngestOptions {
  file: string;
  workspace: string;
  dataDir: string;
  batchLines: number;
  restart: boolean;
  onProgress?: (checkpoint: Checkpoint, totalBytes: number) => void;
}

export type FileIngestResult =
  | {
      ok: true;
      alreadyDone: false;
      checkpoint: Checkpoint;
      resumedFromLine: number;
      rejectedFile: string | null;
      seconds: number;
    }
  /** The file was ingested completely before and has not changed: nothing read, nothing written. */
  | { ok: true; alreadyDone: true; checkpoint: Checkpoint }
  | { ok: false; reason: 'unknown_workspace' | 'missing_file' };

function fileKey(file: string, workspaceId: string): string {
  return createHash('sha256')
    .update(`${workspaceId}\n${path.resolve(file)}`)
    .digest('hex')
    .slice(0, 16);
}

function checkpointPath(dataDir: string, key: string): string {
  return path.join(dataDir, 'ingest', `${key}.json`);
}

async function saveCheckpoint(file: string, checkpoint: Checkpoint): Promise<void> {
  // Write-then-rename: a crash never leaves half a checkpoint.
  await writeFile(`${file}.tmp`, JSON.stringify(checkpoint, null, 2));
  await rename(`${file}.tmp`, file);
}

/**
 * Streams an NDJSON file of events and/or records (a line with `kind` is a record) through the
 * same services as POST /api/events and /api/records, one transaction per batch, checkpointing
 * the byte offset after each committed batch. Rejected lines go to FILE.rejected.ndjson.
 */
export async function ingestFile(db: Database, options: FileIngestOptions): Promise<FileIngestResult> {
  const started = Date.now();
  if (!existsSync(options.file)) return { ok: false, reason: 'missing_file' };
  const [workspace] = await db
    .select({ id: workspaces.id })
    .from(workspaces)
    .where(eq(workspaces.name, options.workspace));
  if (!workspace) return { ok: false, reason: 'unknown_workspace' };
  const { size } = await stat(options.file);
  // One checkpoint per file and workspace: the same file fed to two workspaces is two jobs.
  const key = fileKey(options.file, workspace.id);
  const statePath = checkpointPath(options.dataDir, key);
  await mkdir(path.dirname(statePath), { recursive: true });
  let checkpoint: Checkpoint = {
    file: path.resolve(options.file),
    offset: 0,
    line: 0,
    accepted: 0,
    duplicates: 0,
    rejected: 0,
    done: false,
    updatedAt: new Date().toISOString(),
  };
  if (!options.restart && existsSync(statePath)) {
    const saved = JSON.parse(await readFile(statePath, 'utf8')) as Checkpoint;
    // A file that shrank below the checkpoint is a different file: start over.
    if (saved.offset <= size) checkpoint = saved;
    if (saved.done && saved.offset === size) return { ok: true, alreadyDone: true, checkpoint: saved };
  }
  const resumedFromLine = checkpoint.line;
  const rejectedFile = `${options.file}.rejected.ndjson`;
  if (resumedFromLine === 0 && existsSync(rejectedFile)) await writeFile(rejectedFile, '');
  let wroteRejections = false;

  let batch: { number: number; text: string; startOffset: number }[] = [];
  let batchEnd = checkpoint.offset;
  let batchEndLine = checkpoint.line;
  const flush = async () => {
    if (batch.length === 0) return;
    const events: { number: number; value: unknown }[] = [];
    const records: { number: number; value: unknown }[] = [];
    const rejections: { line: number; code: string; message: string }[] = [];
    for (const line of batch) {
      try {
        const value: unknown = JSON.parse(line.text);
        const isRecord = typeof value === 'object' && value !== null && 'kind' in value;
        if (isRecord) records.push({ number: line.number, value });
        else events.push({ number: line.number, value: withLineId(value, key, line.startOffset) });
      } catch {
        rejections.push({ line: line.number, code: 'MALFORMED_JSON', message: 'the line is not valid JSON' });
      }
    }
    for (const [items, ingest] of [
      [events, ingestEvents],
      [records, ingestRecords],
    ] as const) {
      if (items.length === 0) continue;
      const result = await ingest(
        db,
        { workspaceId: workspace.id, actor: 'cli' },
        {
          ok: true,
          items: items.map((i) => i.value),
          lineErrors: [],
        },
      );
      checkpoint.accepted += result.accepted;
      checkpoint.duplicates += result.duplicates;
      for (const r of result.rejected)
        rejections.push({ line: items[r.index]?.number ?? 0, code: r.code, message: r.message });
    }
    checkpoint.rejected += rejections.length;
    if (rejections.length > 0) {
      await appendFile(rejectedFile, `${rejections.map((r) => JSON.stringify(r)).join('\n')}\n`);
      wroteRejections = true;
    }
    checkpoint.line = batchEndLine;
    checkpoint.offset = batchEnd;
    checkpoint.updatedAt = new Date().toISOString();
    await saveCheckpoint(statePath, checkpoint);
    options.onProgress?.(checkpoint, size);
    batch = [];
  };

  for await (const line of readLines(options.file, checkpoint.offset, checkpoint.line)) {
    batchEnd = line.endOffset;
    batchEndLine = line.number;
    if (line.text.trim() === '') continue;
    batch.push(line);
    if (batch.length >= options.batchLines) await flush();
  }
  await flush();
  // Where reading stopped, not the size at start: lines appended meanwhile were read too.
  checkpoint.offset = batchEnd;
  checkpoint.line = batchEndLine;
  checkpoint.done = true;
  await saveCheckpoint(statePath, checkpoint);
  return {
    ok: true,
    alreadyDone: false,
    checkpoint,
    resumedFromLine,
    rejectedFile: wroteRejections || checkpoint.rejected > 0 ? rejectedFile : null,
    seconds: (Date.now() - started) / 1000,
  };
}

/**
 * An event without an id gets one from its position in the file, so a batch replayed after a
 * crash (committed, checkpoint not yet written) is recognised as duplicates, not counted twice.
 */
function withLineId(value: unknown, fileKey: string, startOffset: number): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || 'id' in value) return value;
  return { ...value, id: `file:${fileKey}:${startOffset}` };
}
