import 'server-only';
import { and, desc, eq } from 'drizzle-orm';
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

/**
 * Whether a key belongs to a workspace. The key services act by id alone (the CLI is trusted);
 * console routes check this first so one workspace can never touch another's keys. A key's
 * workspace never changes, so checking before acting leaves no race.
 */
export async function keyInWorkspace(db: Database, keyId: string, workspaceId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: apiKeys.id })
    .from(apiKeys)
    .where(and(eq(apiKeys.id, keyId), eq(apiKeys.workspaceId, workspaceId)));
  return Boolean(row);
}
