import 'server-only';
import { sql } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';

export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the bucket is full again. */
  resetSeconds: number;
  /** Seconds until one request is allowed (only meaningful when denied). */
  retryAfterSeconds: number;
}

/** Capacity is one second of the rate (at least one request). */
const capacityOf = (ratePerSec: number) => Math.max(1, ratePerSec);

function decision(allowed: boolean, tokens: number, ratePerSec: number): RateLimitDecision {
  const capacity = capacityOf(ratePerSec);
  return {
    allowed,
    limit: Math.floor(capacity),
    remaining: Math.max(0, Math.floor(tokens)),
    resetSeconds: Math.max(0, Math.ceil((capacity - tokens) / ratePerSec)),
    retryAfterSeconds: Math.max(1, Math.ceil((1 - tokens) / ratePerSec)),
  };
}

/**
 * Takes one token from the (key, endpoint) bucket in Postgres in a single UPSERT. The limiter
 * below does this once per bucket and process, to start from what every process has spent.
 */
export async function takeToken(
  db: Database,
  keyId: string,
  endpoint: string,
  ratePerSec: number,
): Promise<RateLimitDecision & { tokens: number }> {
  const capacity = capacityOf(ratePerSec);
  const refilled = sql`least(${capacity}::float8, b.tokens + extract(epoch from clock_timestamp() - b.refilled_at) * ${ratePerSec}::float8)`;
  const result = await db.execute<{ tokens: number; last_allowed: boolean }>(sql`
    insert into rate_limit_buckets as b (key_id, endpoint, tokens, refilled_at, last_allowed)
    values (${keyId}, ${endpoint}, ${capacity - 1}::float8, clock_timestamp(), true)
    on conflict (key_id, endpoint) do update set
      tokens = case when ${refilled} >= 1 then ${refilled} - 1 else ${refilled} end,
      last_allowed = ${refilled} >= 1,
      refilled_at = clock_timestamp()
    returning tokens, last_allowed`);
  const row = result.rows[0];
  const tokens = Number(row?.tokens ?? 0);
  return { ...decision(row?.last_allowed ?? true, tokens, ratePerSec), tokens };
}

/**
 * How often a process reports what it spent to Postgres and reads back what all processes
 * spent. The bound this gives (docs/api/limits.md): over any t seconds, P processes sharing the
 * database allow at most rate × (t + 1) + (P − 1) × rate × (1 + s) requests per key and
 * endpoint, s being this interval plus one reconciliation's round trip; one process alone keeps
 * the exact token bucket, rate × (t + 1).
 */
export const RATE_LIMIT_SYNC_MS = 100;
/** A bucket unused this long (and fully reported) leaves memory; its next take reads Postgres. */
const IDLE_MS = 60_000;

interface Bucket {
  keyId: string;
  endpoint: string;
  rate: number;
  /** This process's view: Postgres at the last reconciliation, refilled, minus what it spent since. */
  tokens: number;
  refilledAt: number;
  /** Tokens spent here and not yet reported to Postgres. */
  unreported: number;
  usedAt: number;
}

/**
 * Token buckets per (key, endpoint) in this process's memory, so a request costs no round trip.
 * A bucket starts from Postgres (one UPSERT take), then every RATE_LIMIT_SYNC_MS the tokens
 * spent here are subtracted from the Postgres bucket in one statement for all buckets, and each
 * local view is replaced by the result, which includes what the other processes reported. A
 * local view can only overestimate the tokens left (by what others spent since the last
 * exchange), so a refusal is always right and an overshoot is bounded; debts recorded in
 * Postgres are repaid by the refill, so the long-run rate holds across processes.
 */
export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();
  private readonly starting = new Map<string, Promise<RateLimitDecision>>();
  private timer: NodeJS.Timeout | undefined;
  private syncing: Promise<void> | undefined;
  private readonly now: () => number;

  constructor(
    private readonly db: Database,
    private readonly options: { syncMs?: number; now?: () => number } = {},
  ) {
    this.now = options.now ?? Date.now;
  }

  async take(keyId: string, endpoint: string, ratePerSec: number): Promise<RateLimitDecision> {
    const id = `${keyId}\u0000${endpoint}`;
    const bucket = this.buckets.get(id);
    if (!bucket) {
      const started = this.starting.get(id);
      if (started) {
        await started.catch(() => undefined);
        return this.take(keyId, endpoint, ratePerSec);
      }
      const first = this.start(id, keyId, endpoint, ratePerSec);
      this.starting.set(id, first);
      try {
        return await first;
      } finally {
        this.starting.delete(id);
      }
    }
    const now = this.now();
    const capacity = capacityOf(ratePerSec);
    bucket.rate = ratePerSec;
    bucket.tokens = Math.min(capacity, bucket.tokens + ((now - bucket.refilledAt) / 1000) * ratePerSec);
    bucket.refilledAt = now;
    bucket.usedAt = now;
    if (bucket.tokens < 1) return decision(false, bucket.tokens, ratePerSec);
    bucket.tokens -= 1;
    bucket.unreported += 1;
    this.schedule();
    return decision(true, bucket.tokens, ratePerSec);
  }

  /** Reports what was spent and reads back the shared state now (tests, shutdown). */
  async flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    await this.syncing;
    await this.sync();
  }

  private async start(id: string, keyId: string, endpoint: string, rate: number) {
    const taken = await takeToken(this.db, keyId, endpoint, rate);
    const now = this.now();
    this.buckets.set(id, {
      keyId,
      endpoint,
      rate,
      tokens: taken.tokens,
      refilledAt: now,
      unreported: 0,
      usedAt: now,
    });
    return taken;
  }

  private schedule(): void {
    if (this.timer || this.syncing) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      // A failed exchange keeps its tokens unreported; the next one carries them.
      this.syncing = this.sync()
        .catch(() => undefined)
        .finally(() => {
          this.syncing = undefined;
          if ([...this.buckets.values()].some((b) => b.unreported > 0)) this.schedule();
        });
    }, this.options.syncMs ?? RATE_LIMIT_SYNC_MS);
    this.timer.unref();
  }

  private async sync(): Promise<void> {
    const now = this.now();
    const spent: Bucket[] = [];
    for (const [id, bucket] of this.buckets) {
      if (bucket.unreported > 0) spent.push(bucket);
      else if (now - bucket.usedAt > IDLE_MS) this.buckets.delete(id);
    }
    if (spent.length === 0) return;
    const reported = spent.map((b) => ({ b, used: b.unreported }));
    for (const { b } of reported) b.unreported = 0;
    const rows = reported.map(({ b, used }) => ({
      k: b.keyId,
      e: b.endpoint,
      used,
      rate: b.rate,
      cap: capacityOf(b.rate),
    }));
    try {
      const result = await this.db.execute<{ key_id: string; endpoint: string; tokens: number }>(sql`
        update rate_limit_buckets as b set
          tokens = least(u.cap, b.tokens + extract(epoch from clock_timestamp() - b.refilled_at) * u.rate) - u.used,
          refilled_at = clock_timestamp()
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as u(k text, e text, used float8, rate float8, cap float8)
        where b.key_id = u.k and b.endpoint = u.e
        returning b.key_id, b.endpoint, b.tokens`);
      const after = this.now();
      for (const row of result.rows) {
        const bucket = this.buckets.get(`${row.key_id}\u0000${row.endpoint}`);
        if (!bucket) continue;
        // What every process has spent, minus what this one spent while the statement ran.
        bucket.tokens = Number(row.tokens) - bucket.unreported;
        bucket.refilledAt = after;
      }
    } catch (error) {
      // Not lost: reported again with the next exchange.
      for (const { b, used } of reported) b.unreported += used;
      throw error;
    }
  }
}

const limiters = new WeakMap<Database, RateLimiter>();

/** The process's limiter for a database (one per pool; the server has one). */
export function rateLimiterFor(db: Database): RateLimiter {
  let limiter = limiters.get(db);
  if (!limiter) {
    limiter = new RateLimiter(db);
    limiters.set(db, limiter);
  }
  return limiter;
}
