import 'server-only';
import { desc, eq } from 'drizzle-orm';
import type { KeySummary } from '@/lib/contract/console/keys';
import type { Database } from '@/lib/db/client';
import { apiKeys } from '@/lib/db/schema';
import { keyStatus } from './key-status';

/** A workspace's keys, newest first, for the admin page (revoked ones included: it is a record). */
export async function listKeys(db: Database, workspaceId: string, now = new Date()): Promise<KeySummary[]> {
  const rows = await db
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.workspaceId, workspaceId))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    start: row.start,
    scopes: row.scopes,
    status: keyStatus(row, now),
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    rotatedToId: row.rotatedToId,
    rateLimitPerSec: row.rateLimitPerSec,
  }));
}
