// `npm run --silent restore -- BACKUP_DIR [--force]`: loads a `npm run backup` folder into the
// database of DATA_DIR (a fresh one is created) or DATABASE_URL. Refuses a database with rows
// unless --force. One JSON line on stdout; errors as JSON on stderr with a non-zero exit.
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { readManifest } from '@/lib/backup/manifest';
import { preflight, restoreBackup } from '@/lib/backup/restore-backup';
import { placeSecret } from '@/lib/backup/restore-secret';
import { ownerConnection } from '@/lib/backup/target-database';
import { CommandError, runJsonCommand, UsageError } from '@/lib/cli/json-command';
import { env } from '@/lib/config/env';

const USAGE = `usage:
  restore BACKUP_DIR [--force]
Restores a folder written by \`npm run backup\` into the database of DATA_DIR (created when the
folder is fresh) or DATABASE_URL, at the backup's schema version; \`npm start\` then migrates it
to this version. Stop the server first. --force replaces the rows of a database that has some.`;

const MIGRATIONS = fileURLToPath(new URL('../drizzle', import.meta.url));

async function run(argv: string[]): Promise<Record<string, unknown>> {
  let parsed: { values: { force?: boolean }; positionals: string[] };
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options: { force: { type: 'boolean' } } });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const [given, ...extra] = parsed.positionals;
  if (!given || extra.length > 0) throw new UsageError('restore takes one backup folder');
  const backupDir = path.resolve(given);
  if (!existsSync(backupDir) || !statSync(backupDir).isDirectory()) {
    throw new CommandError('NOT_FOUND', `${backupDir}: no such backup folder`);
  }
  const manifest = await readManifest(backupDir);
  if ('error' in manifest) throw new CommandError('BAD_BACKUP', manifest.error);
  const checked = await preflight({ backupDir, manifest, migrationsFolder: MIGRATIONS });
  if (!checked.ok) throw new CommandError(checked.code, checked.message);
  const config = env();
  const secret = await placeSecret({
    backupDir,
    manifest,
    envSecret: config.VERITY_SECRET,
    secretFile: path.join(path.resolve(config.DATA_DIR), 'secret'),
  });
  if (!secret.ok) throw new CommandError(secret.code, secret.message);
  const database = await ownerConnection();
  try {
    const result = await restoreBackup({
      ownerUrl: database.ownerUrl,
      backupDir,
      manifest,
      migrationsFolder: MIGRATIONS,
      force: parsed.values.force === true,
    });
    if (!result.ok) throw new CommandError(result.code, result.message);
    return {
      restored: backupDir,
      database: database.label,
      backupCreatedAt: manifest.createdAt,
      migrations: result.migrations,
      tables: result.tables.length,
      rows: result.rows,
      replaced: result.replaced,
      secret: secret.secret,
      ms: result.ms,
    };
  } finally {
    await database.stop();
  }
}

runJsonCommand(() => run(process.argv.slice(2)), USAGE);
