// `npm run --silent lists -- import DIR | update [--into DIR]`: imports the sanctions, Tor / iCloud
// Private Relay / VPN / data-center lists and SSA tables of DIR (a progress line per file on stderr,
// one JSON summary on stdout). `update` downloads the official lists into a folder and imports that folder: exit 0
// when every download worked, 3 when some failed (the rest is imported), 1 when none did.
import { openDatabase } from '@/lib/cli/database-url';
import { fail } from '@/lib/cli/json-command';
import { env } from '@/lib/config/env';
import { closeDb, configureDatabase, db } from '@/lib/db/client';
import { OFFICIAL_SOURCES } from '@/lib/reference/official-sources';
import { importLists } from '@/lib/services/reference/import-lists';
import { updateDir, updateLists } from '@/lib/services/reference/update-lists';

const USAGE = `usage:
  lists import DIR   import every recognised list under DIR (recursively)
  lists update [--into DIR]
                     download the official lists (needs internet) into DIR
                     (default DATA_DIR/lists/<date>) and import them`;

let handle: { stop(): Promise<void> } | undefined;

async function importDir(dir: string) {
  const opened = await openDatabase();
  handle = opened;
  configureDatabase(opened.url);
  const summary = await importLists(db(), dir, (line) => process.stderr.write(`${line}\n`));
  await closeDb();
  await handle.stop();
  return summary;
}

async function update(args: string[]): Promise<void> {
  const [flag, into, ...rest] = args;
  if ((flag !== undefined && (flag !== '--into' || !into)) || rest.length > 0) {
    fail('USAGE', `update takes only --into DIR\n${USAGE}`, 2);
  }
  const dir = into ?? updateDir(env().DATA_DIR, new Date());
  const { downloads, summary } = await updateLists({
    sources: OFFICIAL_SOURCES,
    dir,
    importDir,
    onProgress: (line) => process.stderr.write(`${line}\n`),
  });
  if (summary === null) {
    fail(
      'NEEDS_INTERNET',
      'lists update needs internet access: none of the official lists could be downloaded, so nothing was ' +
        `imported (${downloads.failed[0]?.reason ?? 'no sources'}). The official URLs are: ` +
        `${OFFICIAL_SOURCES.map((s) => `${s.url} (${s.label})`).join('; ')}. ` +
        'Download them by hand into a directory and run `lists import DIR`.',
      1,
    );
  }
  process.stdout.write(`${JSON.stringify({ ...summary, downloads })}\n`);
  process.exit(downloads.failed.length === 0 ? 0 : 3);
}

async function main(argv: string[]): Promise<void> {
  const [command, dir, ...rest] = argv;
  if (command === 'update') return update(argv.slice(1));
  if (command !== 'import')
    fail('USAGE', `${command ? `unknown command "${command}"` : 'missing command'}\n${USAGE}`, 2);
  if (!dir || rest.length > 0) fail('USAGE', `import takes exactly one directory\n${USAGE}`, 2);
  process.stdout.write(`${JSON.stringify(await importDir(dir))}\n`);
  process.exit(0);
}

main(process.argv.slice(2)).catch(async (error: unknown) => {
  await closeDb().catch(() => undefined);
  await handle?.stop().catch(() => undefined);
  fail('FAILED', error instanceof Error ? error.message : String(error), 1);
});
