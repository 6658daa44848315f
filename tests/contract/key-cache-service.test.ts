// Issue 12, service level on the contract server's database: the key cache and the in-memory
// rate limiter, each process simulated by its own pool (and so its own cache and limiter).

import { drizzle } from 'drizzle-orm/node-postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { createPool, type Database } from '@/lib/db/client';
import * as schema from '@/lib/db/schema';
import { OPERATOR } from '@/lib/services/context';
import { KEY_FRESH_MS, KeyCache, keyCacheFor } from '@/lib/services/keys/key-cache';
import { hashKey } from '@/lib/services/keys/key-material';
import { revokeKey, rotateKey, setKeyRateLimit } from '@/lib/services/keys/manage-keys';
import { RateLimiter } from '@/lib/services/rate-limit';
import { pollUntil } from '../support/poll';
import { appConnectionUrl, newKey, query } from './support';

const pools: ReturnType<typeof createPool>[] = [];
const closers: Array<() => Promise<void>> = [];

/** A database handle of its own, as another server process would have. */
function processDb(): Database {
  const pool = createPool(appConnectionUrl(), 4);
  pools.push(pool);
  return drizzle({ client: pool, schema });
}

afterAll(async () => {
  for (const close of closers) await close();
  for (const pool of pools) await pool.end();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('KeyCache', () => {
  it('without notifications, serves the cached key and sees a revocation within the fresh second', async () => {
    const cache = new KeyCache(processDb(), { listen: false });
    const created = await newKey('verify');
    const hash = hashKey(created.key);
    expect(await cache.lookup(hash)).toMatchObject({ keyId: created.id, revoked: false, scopes: ['verify'] });
    await query('update api_keys set revoked_at = now() where id = $1', [created.id]);
    const changedAt = Date.now();
    // Cached: no round trip, so the change is not seen yet.
    expect(await cache.lookup(hash)).toMatchObject({ revoked: false });
    const seen = await pollUntil(
      () => cache.lookup(hash),
      (row) => row?.revoked === true,
      3 * KEY_FRESH_MS,
    );
    expect(seen.value?.revoked).toBe(true);
    expect(Date.now() - changedAt).toBeLessThanOrEqual(KEY_FRESH_MS + 200);
  });

  it('with LISTEN, sees revocation, expiry, scope and rate changes made by anyone within milliseconds', async () => {
    const cache = new KeyCache(processDb(), { listen: true });
    closers.push(() => cache.close());
    await pollUntil(
      async () => cache.listening,
      (on) => on,
      5000,
    );
    expect(cache.listening).toBe(true);
    const created = await newKey('verify');
    const hash = hashKey(created.key);
    expect(await cache.lookup(hash)).toMatchObject({ rateLimitPerSec: 100, revoked: false });

    await query(
      'update workspaces set rate_limit_per_sec = 7 where id = (select workspace_id from api_keys where id = $1)',
      [created.id],
    );
    const rate = await pollUntil(
      () => cache.lookup(hash),
      (row) => row?.rateLimitPerSec === 7,
      900,
    );
    expect(rate).toMatchObject({ value: { rateLimitPerSec: 7 } });
    expect(rate.ms).toBeLessThan(500);

    await query("update api_keys set scopes = '{verify,signals}' where id = $1", [created.id]);
    const scopes = await pollUntil(
      () => cache.lookup(hash),
      (row) => row?.scopes.length === 2,
      900,
    );
    expect(scopes.ms).toBeLessThan(500);

    await query("update api_keys set expires_at = now() - interval '1 second' where id = $1", [created.id]);
    const expiry = await pollUntil(
      () => cache.lookup(hash),
      (row) => (row?.expiresAt ?? Infinity) < Date.now(),
      900,
    );
    expect(expiry.ms).toBeLessThan(500);

    await query('update api_keys set revoked_at = now() where id = $1', [created.id]);
    const revoked = await pollUntil(
      () => cache.lookup(hash),
      (row) => row?.revoked === true,
      900,
    );
    expect(revoked.ms).toBeLessThan(500);
  });

  it('knows a key created after its hash was looked up and found unknown', async () => {
    const cache = new KeyCache(processDb(), { listen: true });
    closers.push(() => cache.close());
    await pollUntil(
      async () => cache.listening,
      (on) => on,
      5000,
    );
    expect(await cache.lookup(hashKey('vty_not_yet'))).toBeNull();
    const created = await newKey('verify');
    // A new key's hash was never asked for; an unknown hash cached a moment ago is dropped too.
    expect(await cache.lookup(hashKey(created.key))).toMatchObject({ keyId: created.id });
  });
});

describe("the process's own key changes", () => {
  it('a revocation, rotation or limit change made here is seen by the next lookup here at once', async () => {
    const db = processDb();
    const cache = keyCacheFor(db);
    closers.push(() => cache.close());
    for (const change of ['revoke', 'limit', 'rotate'] as const) {
      const created = await newKey('verify');
      const hash = hashKey(created.key);
      expect(await cache.lookup(hash)).toMatchObject({ keyId: created.id, revoked: false });
      if (change === 'revoke') {
        expect((await revokeKey(db, OPERATOR, { id: created.id })).ok).toBe(true);
        // No wait: the change is known here before any notification could arrive.
        expect(await cache.lookup(hash)).toMatchObject({ revoked: true });
      } else if (change === 'limit') {
        expect((await setKeyRateLimit(db, OPERATOR, { id: created.id, rateLimitPerSec: 3 })).ok).toBe(true);
        expect(await cache.lookup(hash)).toMatchObject({ rateLimitPerSec: 3 });
      } else {
        expect((await rotateKey(db, OPERATOR, { id: created.id, graceSeconds: 0 })).ok).toBe(true);
        const record = await cache.lookup(hash);
        expect(record?.expiresAt ?? Number.POSITIVE_INFINITY).toBeLessThanOrEqual(Date.now());
      }
    }
  });
});

describe('RateLimiter', () => {
  it('one process: an exact token bucket of one second of the rate, refused with Retry-After', async () => {
    const limiter = new RateLimiter(processDb());
    const { id } = await newKey('verify');
    const decisions = [];
    for (let i = 0; i < 7; i++) decisions.push(await limiter.take(id, 'verify', 5));
    expect(decisions.map((d) => d.allowed)).toEqual([true, true, true, true, true, false, false]);
    expect(decisions.map((d) => d.remaining)).toEqual([4, 3, 2, 1, 0, 0, 0]);
    expect(decisions[5]).toMatchObject({ limit: 5, retryAfterSeconds: 1 });
    await limiter.flush();
  });

  it('a second process starts from what the first spent in memory, once it has reported', async () => {
    const first = new RateLimiter(processDb());
    const second = new RateLimiter(processDb());
    const { id } = await newKey('verify');
    // One take through Postgres, three from memory: the bucket of 4 is empty.
    for (let i = 0; i < 4; i++) expect((await first.take(id, 'verify', 4)).allowed).toBe(true);
    await first.flush();
    // Had the three not been reported, the second process would find three tokens left.
    let allowed = 0;
    for (let i = 0; i < 4; i++) if ((await second.take(id, 'verify', 4)).allowed) allowed++;
    expect(allowed).toBeLessThanOrEqual(1);
    await second.flush();
  });

  it('two processes hammering one bucket stay within the documented bound', async () => {
    const rate = 20;
    const seconds = 2;
    const limiters = [new RateLimiter(processDb()), new RateLimiter(processDb())];
    const { id } = await newKey('verify');
    const allowed = [0, 0];
    const started = Date.now();
    await Promise.all(
      limiters.map(async (limiter, i) => {
        while (Date.now() - started < seconds * 1000) {
          if ((await limiter.take(id, 'events', rate)).allowed) allowed[i] = (allowed[i] ?? 0) + 1;
          await sleep(2);
        }
      }),
    );
    const elapsed = (Date.now() - started) / 1000;
    const total = (allowed[0] ?? 0) + (allowed[1] ?? 0);
    // docs/api/limits.md: rate × (t + 1) + (P − 1) × rate × (1 + s), s = 0.1 s interval + round trip (≤ 0.4 s here).
    const bound = rate * (elapsed + 1) + rate * (1 + 0.5);
    expect(total, JSON.stringify({ allowed, bound })).toBeLessThanOrEqual(bound);
    expect(total, JSON.stringify({ allowed })).toBeGreaterThanOrEqual(rate * seconds * 0.8);
    for (const limiter of limiters) await limiter.flush();
  });
});
