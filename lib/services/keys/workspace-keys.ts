import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { KeySummary } from '@/lib/contract/console/keys';
import type { Database } from '@/lib/db/client';
import { apiKeys, keyUsageHourly } from '@/lib/db/schema';
import type { WorkspaceContext } from '../context';
import { keyStatus } from './key-status';
import { flushAllUsage } from './usage-counter';
import { usageWindow } from './usage-window';

/**
 * A workspace's keys, newest first, for the admin page (revoked ones included: it is a record),
 * with their last use and requests over 24 hours and 30 days. Pending counts are flushed first,
 * this process's and its `npm start` siblings'; other instances' are one flush interval behind.
 */
export async function listKeys(db: Database, ctx: WorkspaceContext, now = new Date()): Promise<KeySummary[]> {
  const { workspaceId } = ctx;
  await flushAllUsage(db);
  const window = usageWindow(now);
  // One snapshot: a flush stamps a key's last use with its counts, so two reads on two
  // connections could show a count without the use it stamped.
  const [rows, usage] = await db.transaction(
    (tx) =>
      Promise.all([
        tx
          .select()
          .from(apiKeys)
          .where(eq(apiKeys.workspaceId, workspaceId))
          .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id)),
        tx
          .select({
            keyId: keyUsageHourly.keyId,
            day: sql<number>`coalesce(sum(${keyUsageHourly.requests}) filter (where ${keyUsageHourly.hour} >= ${window.since24h.toISOString()}::timestamptz), 0)`.mapWith(
              Number,
            ),
            month: sql<number>`sum(${keyUsageHourly.requests})`.mapWith(Number),
          })
          .from(keyUsageHourly)
          .where(and(eq(keyUsageHourly.workspaceId, workspaceId), gte(keyUsageHourly.hour, window.since30d)))
          .groupBy(keyUsageHourly.keyId),
      ]),
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  const byKey = new Map(usage.map((u) => [u.keyId, u]));
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
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    requests24h: byKey.get(row.id)?.day ?? 0,
    requests30d: byKey.get(row.id)?.month ?? 0,
  }));
}
