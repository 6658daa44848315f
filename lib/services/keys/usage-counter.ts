import { sql } from 'drizzle-orm';
import { env } from '@/lib/config/env';
import { type StatusClass, statusClassOf } from '@/lib/contract/console/usage';
import type { Database } from '@/lib/db/client';
import { recordUsageFlush } from '@/lib/metrics/record';
import { onShutdown } from '@/lib/runtime/shutdown';
import { flushSiblings, onSiblingFlush } from '@/lib/runtime/sibling-flush';

/**
 * How often a process adds its counts to Postgres by default (USAGE_FLUSH_MS sets it). Usage and
 * "last used" are read seconds behind at most; the reader of this process flushes first, so its
 * own counts are never behind.
 */
export const USAGE_FLUSH_MS = 2_000;
/** Hourly rows older than this are deleted, at most once an hour, by the flush. */
const RETENTION_DAYS = 90;
const PRUNE_EVERY_MS = 3_600_000;

const HOUR_MS = 3_600_000;

interface Count {
  workspaceId: string;
  keyId: string;
  endpoint: string;
  hour: number;
  statusClass: StatusClass;
  requests: number;
}

export interface KeyedRequest {
  workspaceId: string;
  keyId: string;
  /** The rate-limit bucket of the operation (verify, signals, events, ...). */
  endpoint: string;
  status: number;
}

/**
 * Requests per (key, endpoint, hour, status class) and each key's last use, counted in this
 * process's memory: recording a request is a map increment, no I/O. A timer adds the counts to
 * key_usage_hourly in one multi-row upsert and stamps api_keys.last_used_at in the same
 * statement; a failed flush keeps its counts for the next one. Pending counts are flushed before
 * a graceful exit (lib/runtime/shutdown.ts); a crash loses at most USAGE_FLUSH_MS of them.
 */
export class UsageCounter {
  private counts = new Map<string, Count>();
  private lastUsed = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | undefined;
  private prunedAt = 0;
  private readonly now: () => number;

  constructor(
    private readonly db: Database,
    private readonly options: { flushMs?: number; now?: () => number } = {},
  ) {
    this.now = options.now ?? Date.now;
  }

  record(request: KeyedRequest): void {
    const now = this.now();
    const hour = now - (now % HOUR_MS);
    const statusClass = statusClassOf(request.status);
    const id = `${request.keyId}\u0000${request.endpoint}\u0000${hour}\u0000${statusClass}`;
    const count = this.counts.get(id);
    if (count) count.requests += 1;
    else this.counts.set(id, { ...request, hour, statusClass, requests: 1 });
    this.lastUsed.set(request.keyId, now);
    this.schedule();
  }

  /** Counts not yet in Postgres (tests). */
  get pending(): number {
    let total = 0;
    for (const count of this.counts.values()) total += count.requests;
    return total;
  }

  /** Adds every pending count to Postgres now (readers, shutdown); waits for a flush under way. */
  async flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    // Another flush may be writing (or start while this one waits): wait for all of them.
    while (this.flushing) await this.flushing.catch(() => undefined);
    if (this.counts.size === 0) return;
    const running = this.write();
    this.flushing = running.finally(() => {
      this.flushing = undefined;
    });
    await this.flushing;
  }

  private schedule(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.flush()
        .catch(() => undefined)
        .finally(() => {
          if (this.counts.size > 0) this.schedule();
        });
    }, this.options.flushMs ?? USAGE_FLUSH_MS);
    this.timer.unref();
  }

  private async write(): Promise<void> {
    const counts = this.counts;
    const lastUsed = this.lastUsed;
    this.counts = new Map();
    this.lastUsed = new Map();
    const rows = [...counts.values()].map((c) => ({
      w: c.workspaceId,
      k: c.keyId,
      e: c.endpoint,
      h: new Date(c.hour).toISOString(),
      c: c.statusClass,
      n: c.requests,
    }));
    const used = [...lastUsed].map(([k, at]) => ({ k, at: new Date(at).toISOString() }));
    // In key order, so that two processes flushing the same keys tend to lock them in one order
    // (a deadlock all the same fails the flush, whose counts go back for the next one).
    rows.sort((a, b) => (a.k + a.e + a.h + a.c < b.k + b.e + b.h + b.c ? -1 : 1));
    used.sort((a, b) => (a.k < b.k ? -1 : 1));
    const started = performance.now();
    try {
      // One statement: the upsert (rows of keys deleted meanwhile are skipped) and the stamps; a
      // data-modifying WITH runs to completion whether or not the outer statement reads it.
      await this.db.execute(sql`
        with counted as (
          insert into key_usage_hourly as t (workspace_id, key_id, endpoint, hour, status_class, requests)
          select u.w, u.k, u.e, u.h, u.c, u.n
          from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
            as u(w text, k text, e text, h timestamptz, c text, n int)
          where exists (select 1 from api_keys a where a.id = u.k)
          on conflict (key_id, endpoint, hour, status_class)
            do update set requests = t.requests + excluded.requests
        )
        update api_keys as a set last_used_at = greatest(a.last_used_at, l.at)
        from jsonb_to_recordset(${JSON.stringify(used)}::jsonb) as l(k text, at timestamptz)
        where a.id = l.k`);
      recordUsageFlush(true, performance.now() - started);
    } catch (error) {
      recordUsageFlush(false, performance.now() - started);
      this.restore(counts, lastUsed);
      throw error;
    }
    await this.prune();
  }

  /** Puts a failed flush's counts back, merged with those recorded since. */
  private restore(counts: Map<string, Count>, lastUsed: Map<string, number>): void {
    for (const [id, count] of counts) {
      const newer = this.counts.get(id);
      if (newer) newer.requests += count.requests;
      else this.counts.set(id, count);
    }
    for (const [keyId, at] of lastUsed) {
      this.lastUsed.set(keyId, Math.max(at, this.lastUsed.get(keyId) ?? 0));
    }
  }

  private async prune(): Promise<void> {
    const now = this.now();
    if (now - this.prunedAt < PRUNE_EVERY_MS) return;
    this.prunedAt = now;
    await this.db
      .execute(sql`delete from key_usage_hourly
        where hour < ${new Date(now - RETENTION_DAYS * 86_400_000).toISOString()}::timestamptz`)
      .catch(() => undefined);
  }
}

const counters = new WeakMap<Database, UsageCounter>();

/** Every pending count in Postgres: this process's and, under `npm start`'s cluster, its siblings'. */
export async function flushAllUsage(db: Database): Promise<void> {
  await Promise.all([usageCounterFor(db).flush(), flushSiblings()]);
}

/**
 * The process's counter for a database (one per pool; the server has one), flushed at exit and
 * when a sibling web server process's reader asks (lib/runtime/sibling-flush.ts).
 */
export function usageCounterFor(db: Database): UsageCounter {
  let counter = counters.get(db);
  if (!counter) {
    const created = new UsageCounter(db, { flushMs: env().USAGE_FLUSH_MS });
    counters.set(db, created);
    onShutdown(() => created.flush());
    onSiblingFlush(() => created.flush());
    counter = created;
  }
  return counter;
}
