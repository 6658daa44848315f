import { existsSync } from 'node:fs';
import path from 'node:path';
import { env } from '@/lib/config/env';
import { startEmbedded } from '@/lib/db/embedded';

export interface OwnerConnection {
  ownerUrl: string;
  /** What the CLIs print: "embedded DATA_DIR ..." or "external DATABASE_URL". */
  label: string;
  stop(): Promise<void>;
}

/** Whether DATA_DIR holds an embedded cluster already. */
export function hasEmbeddedCluster(dataDir: string): boolean {
  return existsSync(path.join(path.resolve(dataDir), 'pg', 'PG_VERSION'));
}

/**
 * The schema owner's connection to the database the server uses, without migrating it: the
 * external one (MIGRATION_DATABASE_URL, else DATABASE_URL), or the embedded cluster of DATA_DIR,
 * joined when the server runs it and started (then stopped again) when it does not.
 */
export async function ownerConnection(): Promise<OwnerConnection> {
  const config = env();
  if (config.DATABASE_URL) {
    return {
      ownerUrl: config.MIGRATION_DATABASE_URL ?? config.DATABASE_URL,
      label: 'external DATABASE_URL',
      stop: async () => undefined,
    };
  }
  const handle = await startEmbedded(config.DATA_DIR);
  return {
    ownerUrl: handle.ownerUrl,
    label: `embedded PostgreSQL in ${config.DATA_DIR}`,
    stop: () => handle.stop(),
  };
}
