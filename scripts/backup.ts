// `npm run --silent backup -- [--dir DIR]`: a consistent copy of every table into a dated folder
// (DIR, default DATA_DIR/backups), safe while the server runs. One JSON line on stdout; errors
// as JSON on stderr with a non-zero exit, like the other CLIs.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createBackup, type SecretSource } from '@/lib/backup/create-backup';
import { hasEmbeddedCluster, ownerConnection } from '@/lib/backup/target-database';
import { CommandError, runJsonCommand, UsageError } from '@/lib/cli/json-command';
import { env } from '@/lib/config/env';

const USAGE = `usage:
  backup [--dir DIR]
Copies every table of the database the server uses (DATABASE_URL, else the embedded one in
DATA_DIR) into DIR/<UTC time>/ (default DIR: DATA_DIR/backups) with a manifest, and the server
secret when it lives in DATA_DIR/secret. Restore with \`npm run restore -- DIR/<UTC time>\`.`;

const MIGRATIONS = fileURLToPath(new URL('../drizzle', import.meta.url));

/** Where the server's secret comes from (lib/config/secret.ts), read without creating one. */
async function secretSource(dataDir: string, fromEnv: string | undefined): Promise<SecretSource> {
  if (fromEnv) return { source: 'env', value: fromEnv };
  const file = path.join(path.resolve(dataDir), 'secret');
  if (!existsSync(file)) return { source: 'missing', value: null };
  return { source: 'file', value: (await readFile(file, 'utf8')).trim(), file };
}

async function run(argv: string[]): Promise<Record<string, unknown>> {
  let values: { dir?: string };
  try {
    ({ values } = parseArgs({ args: argv, options: { dir: { type: 'string' } } }));
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const config = env();
  if (!config.DATABASE_URL && !hasEmbeddedCluster(config.DATA_DIR)) {
    throw new CommandError(
      'NO_DATABASE',
      `${path.resolve(config.DATA_DIR)} holds no database (no pg/ folder): set DATA_DIR to the server's, or DATABASE_URL`,
    );
  }
  const parentDir = path.resolve(values.dir ?? path.join(config.DATA_DIR, 'backups'));
  const secret = await secretSource(config.DATA_DIR, config.VERITY_SECRET);
  const database = await ownerConnection();
  try {
    const result = await createBackup({
      ownerUrl: database.ownerUrl,
      parentDir,
      secret,
      migrationsFolder: MIGRATIONS,
      now: new Date(),
    });
    if (!result.ok) throw new CommandError(result.code, result.message);
    const { manifest } = result;
    const last = manifest.migrations.at(-1);
    return {
      backup: result.dir,
      database: database.label,
      tables: manifest.tables.length,
      rows: manifest.tables.reduce((n, t) => n + t.rows, 0),
      bytes: result.bytes,
      ms: result.ms,
      migration: last?.tag ?? null,
      secret: { source: manifest.secret.source, copied: manifest.secret.copied, note: manifest.secret.note },
    };
  } finally {
    await database.stop();
  }
}

runJsonCommand(() => run(process.argv.slice(2)), USAGE);
