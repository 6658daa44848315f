import { sql } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';

export interface Health {
  status: 'ok' | 'unavailable';
  database: 'ok' | 'unreachable';
  version: string;
  uptimeSeconds: number;
}

/** A cheap ping, bounded in time so a hung database cannot hang the health check. */
export async function health(db: Database, version: string): Promise<Health> {
  const ping = db.execute(sql`select 1`).then(
    () => true,
    () => false,
  );
  const timeout = new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 2000).unref());
  const ok = await Promise.race([ping, timeout]);
  return {
    status: ok ? 'ok' : 'unavailable',
    database: ok ? 'ok' : 'unreachable',
    version,
    uptimeSeconds: Math.round(process.uptime()),
  };
}
