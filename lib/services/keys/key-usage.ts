import 'server-only';
import { and, desc, eq, gte, type SQL, sql } from 'drizzle-orm';
import {
  emptyStatusCounts,
  STATUS_CLASSES,
  type StatusClass,
  type UsageQuery,
  type UsageReport,
} from '@/lib/contract/console/usage';
import type { Database } from '@/lib/db/client';
import { apiKeys, keyUsageHourly, workspaces } from '@/lib/db/schema';
import type { WorkspaceContext } from '../context';
import { flushAllUsage } from './usage-counter';
import { usageWindow } from './usage-window';

const isStatusClass = (value: string): value is StatusClass =>
  (STATUS_CLASSES as readonly string[]).includes(value);

const requests = sql<number>`sum(${keyUsageHourly.requests})`.mapWith(Number);

/**
 * A workspace's API requests over the last 30 days (UTC): per day and status class, filtered by
 * key and endpoint, with the totals per key and per endpoint the filters choose from, and the
 * Verify calls used against the trial quota. Pending counts are flushed first, this process's
 * and its `npm start` siblings', so a caller sees its requests at once; other instances' are
 * one flush interval behind.
 */
export async function readUsage(
  db: Database,
  ctx: WorkspaceContext,
  query: UsageQuery,
  now = new Date(),
): Promise<UsageReport | null> {
  await flushAllUsage(db);
  const window = usageWindow(now);
  const inWindow = and(
    eq(keyUsageHourly.workspaceId, ctx.workspaceId),
    gte(keyUsageHourly.hour, window.since30d),
  );
  const byKey: SQL | undefined = query.key ? eq(keyUsageHourly.keyId, query.key) : undefined;
  const byEndpoint: SQL | undefined = query.endpoint
    ? eq(keyUsageHourly.endpoint, query.endpoint)
    : undefined;
  const day = sql<string>`to_char(${keyUsageHourly.hour} at time zone 'UTC', 'YYYY-MM-DD')`;

  const [workspace] = await db
    .select({ trialQuota: workspaces.trialQuota, verifyUsed: workspaces.verifyUsed })
    .from(workspaces)
    .where(eq(workspaces.id, ctx.workspaceId));
  if (!workspace) return null;
  const [daily, keyTotals, keys, endpoints] = await Promise.all([
    db
      .select({ day, statusClass: keyUsageHourly.statusClass, requests })
      .from(keyUsageHourly)
      .where(and(inWindow, byKey, byEndpoint))
      .groupBy(day, keyUsageHourly.statusClass),
    db
      .select({ keyId: keyUsageHourly.keyId, requests })
      .from(keyUsageHourly)
      .where(and(inWindow, byEndpoint))
      .groupBy(keyUsageHourly.keyId),
    db
      .select({ id: apiKeys.id, name: apiKeys.name, start: apiKeys.start })
      .from(apiKeys)
      .where(eq(apiKeys.workspaceId, ctx.workspaceId))
      .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id)),
    db
      .select({ endpoint: keyUsageHourly.endpoint, requests })
      .from(keyUsageHourly)
      .where(and(inWindow, byKey))
      .groupBy(keyUsageHourly.endpoint)
      .orderBy(desc(requests), keyUsageHourly.endpoint),
  ]);

  const days = new Map(window.days.map((d) => [d, { day: d, ...emptyStatusCounts() }]));
  const totals = emptyStatusCounts();
  for (const row of daily) {
    const entry = days.get(row.day);
    if (!entry || !isStatusClass(row.statusClass)) continue;
    entry[row.statusClass] += row.requests;
    totals[row.statusClass] += row.requests;
  }
  const perKey = new Map(keyTotals.map((k) => [k.keyId, k.requests]));
  return {
    from: window.days[0] ?? '',
    to: window.days.at(-1) ?? '',
    days: [...days.values()],
    totals,
    // Every key of the workspace, so the filter offers keys not used yet; most used first.
    keys: keys
      .map((k) => ({ ...k, requests: perKey.get(k.id) ?? 0 }))
      .sort((a, b) => b.requests - a.requests),
    endpoints,
    quota: workspace,
  };
}
