import { sql } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import { workspaces } from '@/lib/db/schema';
import { createKey, type IssuedKey } from './keys/manage-keys';

export const DEMO_WORKSPACE = 'demo';

/** On an empty database: a demo workspace with a key for every scope. Null when not empty. */
export async function bootstrapDemo(db: Database): Promise<IssuedKey | null> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(workspaces);
  if ((row?.count ?? 0) > 0) return null;
  return createKey(db, {
    workspace: DEMO_WORKSPACE,
    scopes: ['verify', 'signals', 'ingest'],
    name: 'demo',
    actor: 'system',
  });
}
