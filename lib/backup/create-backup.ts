import { chmod, copyFile, mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { secretFingerprint } from '@/lib/services/secret-guard';
import { appSchema, appTables } from './catalog';
import { copyOut } from './copy-files';
import {
  type BackupManifest,
  type BackupTable,
  MIGRATIONS_FILE,
  SECRET_FILE,
  writeManifest,
} from './manifest';
import { appliedMigrations, codeMigrations, MIGRATIONS_TABLE, nameMigrations } from './schema-version';
import { columnList, qualified } from './sql-names';

export interface SecretSource {
  /** 'file': DATA_DIR/secret (copied into the backup); 'env': VERITY_SECRET (never written). */
  source: 'file' | 'env' | 'missing';
  value: string | null;
  file?: string;
}

export interface BackupRequest {
  /** A URL that may read every table and drizzle's schema (the owner's). */
  ownerUrl: string;
  /** The parent folder: the backup is a dated folder inside it. */
  parentDir: string;
  secret: SecretSource;
  migrationsFolder: string;
  now: Date;
}

export type BackupResult =
  | { ok: true; dir: string; manifest: BackupManifest; bytes: number; ms: number }
  | { ok: false; code: 'EXISTS' | 'NOT_MIGRATED'; message: string };

/** `2026-11-24T21-30-00Z`: sorts by time and is a valid file name everywhere. */
export function backupFolderName(now: Date): string {
  return `${now.toISOString().slice(0, 19).replaceAll(':', '-')}Z`;
}

function secretNote(secret: SecretSource, fingerprint: string | null, copied: boolean): string {
  const needed =
    'The server secret is needed to use this backup: keyed hashes, deletion tombstones and sealed ' +
    'cleartexts only match under it, and the server refuses to start on the restored data without it.';
  if (copied)
    return `${needed} It is copied here as \`${SECRET_FILE}\` (mode 600): keep this folder as private as the secret.`;
  if (secret.source === 'env')
    return `${needed} It came from VERITY_SECRET and is not written here: keep it and set it again before the restore.`;
  if (secret.value && fingerprint === null)
    return `${needed} The database records no fingerprint yet; the file was not copied.`;
  if (secret.value)
    return `${needed} DATA_DIR/secret does not match the database's fingerprint, so it was not copied: find the secret the server runs with.`;
  return `${needed} No secret was found (no VERITY_SECRET, no DATA_DIR/secret): find the one the server runs with.`;
}

/**
 * Copies every table of the application's schema, and drizzle's migrations table, into a dated
 * folder: one REPEATABLE READ READ ONLY transaction, so all files are the same instant of a
 * running server. The folder is written as `<name>.partial` and renamed once the manifest is in.
 */
export async function createBackup(request: BackupRequest): Promise<BackupResult> {
  const started = Date.now();
  const name = backupFolderName(request.now);
  const dir = path.join(request.parentDir, name);
  const partial = `${dir}.partial`;
  if (await stat(dir).catch(() => null)) {
    return { ok: false, code: 'EXISTS', message: `${dir} already exists` };
  }
  const client = new pg.Client({ connectionString: request.ownerUrl, application_name: 'verity-backup' });
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const schema = await appSchema(client);
    const applied = await appliedMigrations(client);
    if (applied.length === 0) {
      await client.query('rollback');
      return {
        ok: false,
        code: 'NOT_MIGRATED',
        message: 'the database has no Verity schema (no migrations ran)',
      };
    }
    const tables = await appTables(client, schema);
    const fingerprintRows = tables.some((t) => t.name === 'server_secret')
      ? await client.query<{ fingerprint: string }>(
          `select fingerprint from ${qualified(schema, 'server_secret')} where id = 1`,
        )
      : { rows: [] };
    const fingerprint = fingerprintRows.rows[0]?.fingerprint ?? null;
    const server = await client.query<{ version: string }>(
      "select current_setting('server_version') as version",
    );

    await rm(partial, { recursive: true, force: true });
    await mkdir(partial, { recursive: true, mode: 0o700 });
    const copied: BackupTable[] = [];
    for (const table of tables) {
      const file = `${table.name}.copy.gz`;
      const statement = `copy (select ${columnList(table.columns)} from ${qualified(schema, table.name)}) to stdout`;
      const tally = await copyOut(client, statement, path.join(partial, file));
      copied.push({ name: table.name, columns: table.columns, rows: tally.rows, file, sha256: tally.sha256 });
    }
    await copyOut(
      client,
      `copy ${MIGRATIONS_TABLE} (hash, created_at) to stdout`,
      path.join(partial, MIGRATIONS_FILE),
    );
    await client.query('commit');

    const matches = request.secret.value !== null && fingerprint === secretFingerprint(request.secret.value);
    const copySecret = request.secret.source === 'file' && matches && request.secret.file !== undefined;
    if (copySecret && request.secret.file) {
      await copyFile(request.secret.file, path.join(partial, SECRET_FILE));
      await chmod(path.join(partial, SECRET_FILE), 0o600);
    }
    const manifest: BackupManifest = {
      format: 'verity-backup/1',
      createdAt: request.now.toISOString(),
      server: `PostgreSQL ${server.rows[0]?.version ?? 'unknown'}`,
      schema,
      migrations: nameMigrations(applied, await codeMigrations(request.migrationsFolder)),
      tables: copied,
      secret: {
        fingerprint,
        source: request.secret.source,
        copied: copySecret,
        note: secretNote(request.secret, fingerprint, copySecret),
      },
    };
    await writeManifest(partial, manifest);
    await rename(partial, dir);
    const bytes = await folderBytes(dir, [...copied.map((t) => t.file), MIGRATIONS_FILE]);
    return { ok: true, dir, manifest, bytes, ms: Date.now() - started };
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    await rm(partial, { recursive: true, force: true });
    throw error;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function folderBytes(dir: string, files: string[]): Promise<number> {
  let total = 0;
  for (const file of files) total += (await stat(path.join(dir, file))).size;
  return total;
}
