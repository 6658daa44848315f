import 'server-only';
import { sql } from 'drizzle-orm';
import type { ListStatus } from '@/lib/contract/console/lists';
import type { Database } from '@/lib/db/client';
import { storageState } from '@/lib/db/storage-full';
import type { RuntimeSample } from '@/lib/runtime/event-loop';
import { listStatus } from './reference/list-status';

export interface Health {
  status: 'ok' | 'unavailable';
  database: 'ok' | 'unreachable';
  /** `full` while writes are refused for want of disk space (lib/db/storage-full.ts). */
  storage: 'ok' | 'full';
  version: string;
  uptimeSeconds: number;
  /** The imported reference lists (sanctions, IP, SSA) with their dates and sizes. */
  lists: ListStatus[];
  /** Added by the route for a direct local caller who asks (GET /api/health?runtime=1). */
  runtime?: RuntimeSample;
}

/** A cheap ping, bounded in time so a hung database cannot hang the health check. */
export async function health(db: Database, version: string): Promise<Health> {
  const ping = db.execute(sql`select 1`).then(
    () => true,
    () => false,
  );
  const timeout = new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 2000).unref());
  const ok = await Promise.race([ping, timeout]);
  const lists = ok ? await listStatus(db).catch(() => []) : [];
  const storage = storageState();
  return {
    status: ok && storage === 'ok' ? 'ok' : 'unavailable',
    database: ok ? 'ok' : 'unreachable',
    storage,
    version,
    uptimeSeconds: Math.round(process.uptime()),
    lists,
  };
}
