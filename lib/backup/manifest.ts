import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';

// The manifest of a backup folder: written last by the backup, read first by the restore.
export const MANIFEST_FILE = 'manifest.json';
/** The server secret, copied next to the data when it came from DATA_DIR/secret (mode 600). */
export const SECRET_FILE = 'secret';
/** The COPY of drizzle's migrations table (the schema version), restored by migrating, not copying. */
export const MIGRATIONS_FILE = '_drizzle_migrations.copy.gz';

const tableSchema = z.object({
  name: z.string().min(1),
  /** Columns in the order of the COPY (generated columns are left out: they are recomputed). */
  columns: z.array(z.string().min(1)).min(1),
  rows: z.int().min(0),
  file: z.string().min(1),
  /** sha256 (hex) of the uncompressed COPY text. */
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});

const migrationSchema = z.object({
  hash: z.string(),
  createdAt: z.number(),
  /** The journal's tag for it when this code has it (null: made by a newer Verity). */
  tag: z.string().nullable(),
});

export const manifestSchema = z.object({
  format: z.literal('verity-backup/1'),
  createdAt: z.string(),
  /** The PostgreSQL version the backup was taken from. */
  server: z.string(),
  schema: z.string().min(1),
  migrations: z.array(migrationSchema),
  tables: z.array(tableSchema),
  secret: z.object({
    /** HMAC of the secret under a fixed label (lib/services/secret-guard.ts); reveals nothing. */
    fingerprint: z.string().nullable(),
    source: z.enum(['file', 'env', 'missing']),
    copied: z.boolean(),
    note: z.string(),
  }),
});

export type BackupManifest = z.infer<typeof manifestSchema>;
export type BackupTable = z.infer<typeof tableSchema>;
export type BackupMigration = z.infer<typeof migrationSchema>;

export async function writeManifest(dir: string, manifest: BackupManifest): Promise<void> {
  await writeFile(path.join(dir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
}

/** The manifest of a backup folder, or a message saying why it cannot be read. */
export async function readManifest(dir: string): Promise<BackupManifest | { error: string }> {
  let text: string;
  try {
    text = await readFile(path.join(dir, MANIFEST_FILE), 'utf8');
  } catch {
    return { error: `${dir} has no ${MANIFEST_FILE}: not a Verity backup folder (or an unfinished one)` };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { error: `${path.join(dir, MANIFEST_FILE)} is not valid JSON` };
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return {
      error: `${path.join(dir, MANIFEST_FILE)} is not a verity-backup/1 manifest (${issue?.path.join('.')}: ${issue?.message})`,
    };
  }
  return parsed.data;
}
