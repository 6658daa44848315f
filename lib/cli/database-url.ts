import { env } from '@/lib/config/env';
import { type EmbeddedHandle, startEmbedded } from '@/lib/db/embedded';
import { runMigrations } from '@/lib/db/migrate';

/**
 * The database a CLI or the launcher should use: DATABASE_URL when set, else the embedded
 * cluster of DATA_DIR (joined if the server already runs it, started otherwise). Migrated.
 */
export async function openDatabase(onLog?: (line: string) => void): Promise<EmbeddedHandle> {
  const external = env().DATABASE_URL;
  const handle: EmbeddedHandle = external
    ? { url: external, owned: false, stop: async () => undefined }
    : await startEmbedded(env().DATA_DIR, onLog);
  await runMigrations(handle.url);
  return handle;
}
