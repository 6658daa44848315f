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

/**
 * Takes one token from the (key, endpoint) bucket in a single UPSERT, so concurrent requests
 * on several server processes see one consistent bucket. Capacity is one second of the rate.
 */
export async function takeToken(
  db: Database,
  keyId: string,
  endpoint: string,
  ratePerSec: number,
): Promise<RateLimitDecision> {
  const capacity = Math.max(1, ratePerSec);
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
  const allowed = row?.last_allowed ?? true;
  return {
    allowed,
    limit: Math.floor(capacity),
    remaining: Math.max(0, Math.floor(tokens)),
    resetSeconds: Math.max(0, Math.ceil((capacity - tokens) / ratePerSec)),
    retryAfterSeconds: Math.max(1, Math.ceil((1 - tokens) / ratePerSec)),
  };
}
