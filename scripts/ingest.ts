// `npm run ingest -- FILE.ndjson --workspace NAME`: streams events and/or records into the graph
// through the same services as the API, in batches, with a progress bar; resumable and safe to
// re-run (a finished file is not ingested twice unless --restart: re-running it says so, exit 0).
import { parseArgs } from 'node:util';
import { openDatabase } from '@/lib/cli/database-url';
import { progress } from '@/lib/cli/progress';
import { env } from '@/lib/config/env';
import { closeDb, configureDatabase, db } from '@/lib/db/client';
import { ingestFile } from '@/lib/services/ingest-file';

const USAGE = 'usage: ingest FILE.ndjson --workspace NAME [--batch 5000] [--restart]';

function fail(code: string, message: string, exitCode: number): never {
  process.stderr.write(`${JSON.stringify({ error: code, message })}\n`);
  process.exit(exitCode);
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      workspace: { type: 'string', default: 'demo' },
      batch: { type: 'string', default: '5000' },
      restart: { type: 'boolean', default: false },
    },
  });
  const file = positionals[0];
  const batchLines = Number(values.batch);
  if (!file) fail('USAGE', USAGE, 2);
  if (!Number.isInteger(batchLines) || batchLines < 1 || batchLines > 10_000) {
    fail('USAGE', `--batch takes 1..10000 lines\n${USAGE}`, 2);
  }
  const handle = await openDatabase();
  configureDatabase(handle.url);
  let bar: ReturnType<typeof progress> | undefined;
  try {
    const result = await ingestFile(db(), {
      file,
      workspace: values.workspace,
      dataDir: env().DATA_DIR,
      batchLines,
      restart: values.restart,
      onProgress: (checkpoint, total) => {
        bar ??= progress('ingest', total, 'bytes');
        bar.update(checkpoint.offset, { note: `line ${checkpoint.line.toLocaleString('en')}` });
      },
    });
    bar?.stop();
    if (!result.ok) {
      if (result.reason === 'unknown_workspace') {
        fail(
          'UNKNOWN_WORKSPACE',
          `no workspace "${values.workspace}"; create it with: npm run --silent keys -- create --workspace ${values.workspace} --scopes ingest`,
          1,
        );
      }
      fail('NOT_FOUND', `no such file: ${file}`, 1);
    }
    const { checkpoint } = result;
    if (result.alreadyDone) {
      // Safe to re-run (docs/api/ingestion.md): a finished file is a no-op that says so, not an error.
      const counts = `${checkpoint.line} lines: ${checkpoint.accepted} accepted, ${checkpoint.duplicates} duplicates, ${checkpoint.rejected} rejected`;
      process.stdout.write(
        `${JSON.stringify({
          file,
          alreadyIngested: true,
          message: `${file} was already fully ingested (${counts}); nothing to do, pass --restart to ingest it again`,
          lines: checkpoint.line,
          accepted: checkpoint.accepted,
          duplicates: checkpoint.duplicates,
          rejected: checkpoint.rejected,
          ingestedAt: checkpoint.updatedAt,
        })}\n`,
      );
      return;
    }
    process.stdout.write(
      `${JSON.stringify({
        file,
        lines: checkpoint.line,
        resumedFromLine: result.resumedFromLine,
        accepted: checkpoint.accepted,
        duplicates: checkpoint.duplicates,
        rejected: checkpoint.rejected,
        rejectedFile: result.rejectedFile,
        seconds: Math.round(result.seconds * 10) / 10,
      })}\n`,
    );
  } finally {
    await closeDb();
    await handle.stop();
  }
}

main().catch((error: unknown) => fail('FAILED', error instanceof Error ? error.message : String(error), 1));
