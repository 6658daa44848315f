// Where a launched server keeps its data: the embedded PostgreSQL of its fresh DATA_DIR, or, when
// the suite runs against an external PostgreSQL (DATABASE_URL), a fresh database of its own there.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface TestDatabase {
  /** What the launcher and the CLIs need in their environment to use this database. */
  env: Record<string, string>;
  /** Drops the database (external only; the embedded one goes with its DATA_DIR). */
  drop(): Promise<void>;
}

const present = (name: string): string | undefined => process.env[name] || undefined;

/** True when the suite was given an external PostgreSQL. */
export function externalDatabase(): boolean {
  return Boolean(present('DATABASE_URL'));
}

/** `url` with another database name. */
function onDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/**
 * A fresh database for one server. External: created through TEST_ADMIN_DATABASE_URL (a role
 * with CREATEDB that is a member of the migration role), owned by MIGRATION_DATABASE_URL's
 * role, used by DATABASE_URL's role, exactly as an operator sets them up (docs/operations.md, Database roles).
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const appUrl = present('DATABASE_URL');
  if (!appUrl) return { env: { DATABASE_URL: '', MIGRATION_DATABASE_URL: '' }, drop: async () => undefined };
  const ownerUrl = present('MIGRATION_DATABASE_URL') ?? appUrl;
  const adminUrl = present('TEST_ADMIN_DATABASE_URL') ?? ownerUrl;
  const name = `verity_test_${process.pid}_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const owner = new pg.Client({ connectionString: ownerUrl });
    await owner.connect();
    const role = (await owner.query<{ role: string }>('select current_user as role')).rows[0]?.role ?? '';
    await owner.end();
    await admin.query(
      `create database ${admin.escapeIdentifier(name)} owner ${admin.escapeIdentifier(role)}`,
    );
  } catch (error) {
    throw new Error(
      `could not create a test database through ${new URL(adminUrl).username}@${new URL(adminUrl).host}: set ` +
        `TEST_ADMIN_DATABASE_URL to a role with CREATEDB that is a member of the migration role (${String(error)})`,
    );
  } finally {
    await admin.end();
  }
  return {
    env: { DATABASE_URL: onDatabase(appUrl, name), MIGRATION_DATABASE_URL: onDatabase(ownerUrl, name) },
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists ${client.escapeIdentifier(name)} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}
