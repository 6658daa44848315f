import { createHash } from 'node:crypto';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { runMigrations } from '@/lib/db/migrate';
import type { BackupMigration } from './manifest';

// The schema version of a database is the list of drizzle migrations it has applied (drizzle's
// own table, drizzle.__drizzle_migrations). A restore builds the schema by running this code's
// migrations up to the backup's last one, so the rows copied in find the columns they came from.

export const MIGRATIONS_TABLE = 'drizzle.__drizzle_migrations';

interface JournalEntry {
  tag: string;
  when: number;
}

export interface CodeMigration extends BackupMigration {
  tag: string;
}

/** This code's migrations, in order, with the hash drizzle records for each (sha256 of the file). */
export async function codeMigrations(folder: string): Promise<CodeMigration[]> {
  const journal = JSON.parse(await readFile(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
  return Promise.all(
    journal.entries.map(async (entry) => ({
      tag: entry.tag,
      createdAt: entry.when,
      hash: createHash('sha256')
        .update(await readFile(path.join(folder, `${entry.tag}.sql`)))
        .digest('hex'),
    })),
  );
}

/** The migrations a database has applied, oldest first; none when drizzle never ran there. */
export async function appliedMigrations(
  client: pg.ClientBase,
): Promise<{ hash: string; createdAt: number }[]> {
  const exists = await client.query<{ found: string | null }>(
    `select to_regclass('${MIGRATIONS_TABLE}')::text as found`,
  );
  if (!exists.rows[0]?.found) return [];
  const result = await client.query<{ hash: string; created_at: string }>(
    `select hash, created_at from ${MIGRATIONS_TABLE} order by created_at, id`,
  );
  return result.rows.map((row) => ({ hash: row.hash, createdAt: Number(row.created_at) }));
}

/** Names each applied migration by this code's journal (null when this code does not have it). */
export function nameMigrations(
  applied: { hash: string; createdAt: number }[],
  code: CodeMigration[],
): BackupMigration[] {
  return applied.map((m) => ({
    ...m,
    tag: code.find((c) => c.createdAt === m.createdAt && c.hash === m.hash)?.tag ?? null,
  }));
}

/**
 * How many of this code's migrations the backup's schema is (they must be its first ones, the
 * same files), or why it cannot be rebuilt here.
 */
export function matchVersion(
  backup: { hash: string; createdAt: number; tag?: string | null }[],
  code: CodeMigration[],
): { ok: true; count: number } | { ok: false; reason: string } {
  for (const [index, migration] of backup.entries()) {
    const ours = code[index];
    if (!ours || ours.createdAt !== migration.createdAt) {
      return {
        ok: false,
        reason:
          `the backup's schema has migration ${migration.tag ?? `created_at ${migration.createdAt}`} (number ${index + 1}), ` +
          `which this Verity ${ours ? `replaces with ${ours.tag}` : `does not have (it has ${code.length})`}: ` +
          'restore with the Verity version that made the backup, or a newer one',
      };
    }
    if (ours.hash !== migration.hash) {
      return {
        ok: false,
        reason: `migration ${ours.tag} differs from the one the backup's database ran (another hash): restore with the Verity version that made the backup`,
      };
    }
  }
  return { ok: true, count: backup.length };
}

/** Runs this code's first `count` migrations (a journal cut at that point, in a temporary copy). */
export async function migrateTo(ownerUrl: string, folder: string, count: number): Promise<void> {
  const journal = JSON.parse(await readFile(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
  const cut = await mkdtemp(path.join(tmpdir(), 'verity-migrations-'));
  try {
    await mkdir(path.join(cut, 'meta'));
    const entries = journal.entries.slice(0, count);
    for (const entry of entries)
      await cp(path.join(folder, `${entry.tag}.sql`), path.join(cut, `${entry.tag}.sql`));
    await writeFile(path.join(cut, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
    await runMigrations(ownerUrl, cut);
  } finally {
    await rm(cut, { recursive: true, force: true });
  }
}
