import { existsSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { appSchema, appTables, ownedSequences } from './catalog';
import { copyIn } from './copy-files';
import type { BackupManifest } from './manifest';
import {
  appliedMigrations,
  type CodeMigration,
  codeMigrations,
  matchVersion,
  migrateTo,
} from './schema-version';
import { columnList, ident, qualified } from './sql-names';

export interface RestoreRequest {
  /** The schema owner's URL (migrations, COPY, sequences). */
  ownerUrl: string;
  backupDir: string;
  manifest: BackupManifest;
  migrationsFolder: string;
  /** Replace the rows of a database that has some (they are deleted in the same transaction). */
  force: boolean;
}

export type RestoreFailure =
  | 'MISSING_FILE'
  | 'WRONG_VERSION'
  | 'NOT_EMPTY'
  | 'SCHEMA_MISMATCH'
  | 'CORRUPT'
  | 'COUNT_MISMATCH';

export type RestoreResult =
  | {
      ok: true;
      tables: { name: string; rows: number }[];
      rows: number;
      migrations: number;
      replaced: boolean;
      ms: number;
    }
  | { ok: false; code: RestoreFailure; message: string };

/** Thrown inside the transaction to roll it back with a domain failure. */
class Refused extends Error {
  constructor(
    readonly code: RestoreFailure,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Rebuilds the backup's schema version with this code's migrations, then loads every table in
 * one transaction (parents first), checks each file's rows and checksum against the manifest,
 * moves the sequences past the restored keys and counts every table again before committing.
 * Nothing is left half-restored: any failure rolls the whole load back.
 */
/** What can be checked before touching any database: every file is there, the version is known. */
export async function preflight(
  request: Pick<RestoreRequest, 'backupDir' | 'manifest' | 'migrationsFolder'>,
): Promise<
  { ok: true; count: number; code: CodeMigration[] } | { ok: false; code: RestoreFailure; message: string }
> {
  for (const table of request.manifest.tables) {
    if (!existsSync(path.join(request.backupDir, table.file))) {
      return {
        ok: false,
        code: 'MISSING_FILE',
        message: `${table.file} (table ${table.name}) is missing from ${request.backupDir}`,
      };
    }
  }
  const code = await codeMigrations(request.migrationsFolder);
  const version = matchVersion(request.manifest.migrations, code);
  if (!version.ok) return { ok: false, code: 'WRONG_VERSION', message: version.reason };
  return { ok: true, count: version.count, code };
}

export async function restoreBackup(request: RestoreRequest): Promise<RestoreResult> {
  const started = Date.now();
  const { manifest } = request;
  const checked = await preflight(request);
  if (!checked.ok) return checked;
  const { code } = checked;
  const version = { count: checked.count };
  const client = new pg.Client({ connectionString: request.ownerUrl, application_name: 'verity-restore' });
  await client.connect();
  try {
    const applied = await appliedMigrations(client);
    const ahead = matchVersion(applied, code.slice(0, version.count));
    if (!ahead.ok) {
      return {
        ok: false,
        code: 'WRONG_VERSION',
        message:
          `the target database is at a newer schema (${applied.length} migrations) than the backup ` +
          `(${version.count}): restore into a fresh DATA_DIR or an empty database`,
      };
    }
    await migrateTo(request.ownerUrl, request.migrationsFolder, version.count);

    const schema = await appSchema(client);
    const targets = await appTables(client, schema);
    const byName = new Map(targets.map((t) => [t.name, t]));
    for (const table of manifest.tables) {
      const target = byName.get(table.name);
      const missing = target ? table.columns.filter((c) => !target.columns.includes(c)) : [];
      if (!target || missing.length > 0) {
        return {
          ok: false,
          code: 'SCHEMA_MISMATCH',
          message: target
            ? `table ${table.name} has no column ${missing.join(', ')} after migrating to the backup's version`
            : `table ${table.name} does not exist after migrating to the backup's version`,
        };
      }
    }
    const withRows: string[] = [];
    for (const target of targets) {
      const found = await client.query(`select 1 from ${qualified(schema, target.name)} limit 1`);
      if (found.rowCount) withRows.push(target.name);
    }
    if (withRows.length > 0 && !request.force) {
      return {
        ok: false,
        code: 'NOT_EMPTY',
        message: `the target database has rows (${withRows.join(', ')}): restore into a fresh DATA_DIR or an empty database, or pass --force to replace them`,
      };
    }

    const superuser = await client.query<{ yes: boolean }>(
      'select rolsuper as yes from pg_roles where rolname = current_user',
    );
    await client.query('begin');
    // A superuser skips foreign-key triggers; otherwise the parents-first order satisfies them.
    if (superuser.rows[0]?.yes) await client.query('set local session_replication_role = replica');
    if (withRows.length > 0) {
      await client.query(`truncate ${targets.map((t) => qualified(schema, t.name)).join(', ')}`);
    }
    const wanted = new Map(manifest.tables.map((t) => [t.name, t]));
    for (const target of targets) {
      const table = wanted.get(target.name);
      if (!table) continue;
      const tally = await copyIn(
        client,
        `copy ${qualified(schema, table.name)} (${columnList(table.columns)}) from stdin`,
        path.join(request.backupDir, table.file),
      );
      if (tally.rows !== table.rows || tally.sha256 !== table.sha256) {
        throw new Refused(
          'CORRUPT',
          `${table.file} does not match the manifest (${tally.rows} rows, sha256 ${tally.sha256.slice(0, 12)}…; the manifest says ${table.rows} rows, ${table.sha256.slice(0, 12)}…)`,
        );
      }
    }
    for (const owned of await ownedSequences(client, schema)) {
      await client.query(
        `select setval($1::regclass, coalesce((select max(${ident(owned.column)}) from ${qualified(schema, owned.table)}), 1),
                (select count(*) > 0 from ${qualified(schema, owned.table)}))`,
        [qualified(schema, owned.sequence)],
      );
    }
    const counted: { name: string; rows: number }[] = [];
    for (const table of manifest.tables) {
      const result = await client.query<{ n: string }>(
        `select count(*) as n from ${qualified(schema, table.name)}`,
      );
      const rows = Number(result.rows[0]?.n ?? 0);
      if (rows !== table.rows) {
        throw new Refused(
          'COUNT_MISMATCH',
          `table ${table.name} has ${rows} rows after the load; the manifest says ${table.rows}`,
        );
      }
      counted.push({ name: table.name, rows });
    }
    await client.query('commit');
    return {
      ok: true,
      tables: counted,
      rows: counted.reduce((n, t) => n + t.rows, 0),
      migrations: version.count,
      replaced: withRows.length > 0,
      ms: Date.now() - started,
    };
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    if (error instanceof Refused) return { ok: false, code: error.code, message: error.message };
    throw error;
  } finally {
    await client.end().catch(() => undefined);
  }
}
