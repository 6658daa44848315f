import { drizzle } from 'drizzle-orm/node-postgres';
import { env } from '@/lib/config/env';
import { serverSecret } from '@/lib/config/secret';
import { APP_ROLE, grantAppRole, roleOf } from '@/lib/db/app-role';
import { createPool } from '@/lib/db/client';
import { type EmbeddedHandle, type StartOptions, startEmbedded } from '@/lib/db/embedded';
import { runMigrations } from '@/lib/db/migrate';
import { hasPgCode } from '@/lib/db/pg-error';
import * as schema from '@/lib/db/schema';
import { maintainObservationPartitions } from '@/lib/services/maintenance/observation-partitions';
import { guardServerSecret } from '@/lib/services/secret-guard';

/** 42501 insufficient_privilege: not the owner of the table, or no CREATE on the schema. */
const INSUFFICIENT_PRIVILEGE = new Set(['42501']);

/**
 * The database a CLI or the launcher should use: DATABASE_URL when set, else the embedded
 * cluster of DATA_DIR (joined if the server already runs it, started otherwise). Migrated as the
 * owner (the embedded superuser, or MIGRATION_DATABASE_URL), then checked against the secret,
 * and the monthly partitions of observations brought in step with the clock.
 */
export async function openDatabase(
  onLog?: (line: string) => void,
  options: StartOptions & { partitions?: 'caller' } = {},
): Promise<EmbeddedHandle> {
  const config = env();
  const external = config.DATABASE_URL;
  const handle: EmbeddedHandle = external
    ? {
        url: external,
        ownerUrl: config.MIGRATION_DATABASE_URL ?? external,
        owned: false,
        stop: async () => undefined,
      }
    : await startEmbedded(config.DATA_DIR, onLog, options);
  try {
    await runMigrations(handle.ownerUrl);
    if (!external) await grantAppRole(handle.ownerUrl, APP_ROLE);
    else if (handle.ownerUrl !== handle.url) {
      // Tables the migration role creates belong to it: the application's role gets row rights.
      const role = await roleOf(handle.url);
      if (role !== (await roleOf(handle.ownerUrl))) await grantAppRole(handle.ownerUrl, role);
    }
    await checkSecret(handle.ownerUrl);
    // Before anything writes: this month's partition of observations and the retention's months
    // (`caller`: the launcher runs it itself, to report what it did).
    if (options.partitions !== 'caller')
      await maintainObservationPartitions(
        handle.ownerUrl,
        new Date(),
        config.OBSERVATION_RETENTION_MONTHS,
      ).catch((error: unknown) => {
        // A CLI given a role without DDL rights leaves the partitions to the launcher's hourly run.
        if (!hasPgCode(error, INSUFFICIENT_PRIVILEGE)) {
          process.stderr.write(`[verity] observations partitions: maintenance failed (${String(error)})\n`);
        }
      });
  } catch (error) {
    await handle.stop().catch(() => undefined);
    throw error;
  }
  return handle;
}

/** As the owner: the application role may read the fingerprint but not write it. */
async function checkSecret(ownerUrl: string): Promise<void> {
  const pool = createPool(ownerUrl, 1);
  try {
    await guardServerSecret(drizzle({ client: pool, schema }), serverSecret());
  } finally {
    await pool.end();
  }
}
