// A database of a test's own beside the suite's, migrated: for what must not see, or disturb,
// the other tests' rows (a retention, table statistics).
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { runMigrations } from '@/lib/db/migrate';
import { createTestDatabase, externalDatabase } from '../../scripts/support/test-database';
import { appConnectionUrl, connectionUrl } from './support';

export interface PrivateDatabase {
  /** The schema owner's URL (migrations, DDL). */
  ownerUrl: string;
  /** The application role's URL. */
  appUrl: string;
  drop: () => Promise<void>;
}

export async function privateDatabase(label: string): Promise<PrivateDatabase> {
  let database: PrivateDatabase;
  if (externalDatabase()) {
    const created = await createTestDatabase();
    database = {
      ownerUrl: created.env.MIGRATION_DATABASE_URL ?? '',
      appUrl: created.env.DATABASE_URL ?? '',
      drop: created.drop,
    };
  } else {
    // The embedded cluster's owner is its superuser: it may create a database beside the suite's.
    const name = `verity_${label}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: connectionUrl() });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const at = (base: string) => {
      const url = new URL(base);
      url.pathname = `/${name}`;
      return url.toString();
    };
    database = {
      ownerUrl: at(connectionUrl()),
      appUrl: at(appConnectionUrl()),
      drop: async () => {
        const client = new pg.Client({ connectionString: connectionUrl() });
        await client.connect();
        await client.query(`drop database if exists ${name} with (force)`);
        await client.end();
      },
    };
  }
  await runMigrations(database.ownerUrl);
  return database;
}
