import { eq, sql } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import { notificationsFor, type Subscription } from '@/lib/db/notifications';
import { apiKeys, workspaces } from '@/lib/db/schema';
import { KEY_CHANGES_CHANNEL } from './key-changes';
import { SwrCache } from './swr-cache';

/** What authentication needs of a key, read by its hash; null for a hash no key has. */
export interface KeyRecord {
  keyId: string;
  workspaceId: string;
  scopes: readonly string[];
  revoked: boolean;
  /** Epoch milliseconds, checked on every request against the clock, not at load time. */
  expiresAt: number | null;
  trialQuota: number | null;
  /** The key's own rate if it has one, else its workspace's default. */
  rateLimitPerSec: number;
}

/**
 * Freshness: an entry older than a second is reloaded, so without notifications a revocation,
 * rotation or rate change reaches every process within a second (plus one lookup). With LISTEN
 * established, every change is announced at commit (migration 0014's triggers) and clears the
 * cache at once; only then is a stale entry served while it refreshes in the background.
 */
export const KEY_FRESH_MS = 1_000;
export const KEY_STALE_MS = 30_000;
const MAX_ENTRIES = 10_000;

async function readKey(db: Database, hash: string): Promise<KeyRecord | null> {
  const [row] = await db
    .select({
      keyId: apiKeys.id,
      workspaceId: apiKeys.workspaceId,
      scopes: apiKeys.scopes,
      revokedAt: apiKeys.revokedAt,
      expiresAt: apiKeys.expiresAt,
      trialQuota: workspaces.trialQuota,
      rateLimitPerSec:
        sql<number>`coalesce(${apiKeys.rateLimitPerSec}, ${workspaces.rateLimitPerSec})`.mapWith(Number),
    })
    .from(apiKeys)
    .innerJoin(workspaces, eq(workspaces.id, apiKeys.workspaceId))
    .where(eq(apiKeys.hash, hash));
  if (!row) return null;
  return {
    keyId: row.keyId,
    workspaceId: row.workspaceId,
    scopes: row.scopes,
    revoked: row.revokedAt !== null,
    expiresAt: row.expiresAt?.getTime() ?? null,
    trialQuota: row.trialQuota,
    rateLimitPerSec: row.rateLimitPerSec,
  };
}

export class KeyCache {
  private readonly cache: SwrCache<string, KeyRecord | null>;
  private readonly listener: Subscription | null;

  constructor(
    private readonly db: Database,
    options: { listen: boolean; now?: () => number } = { listen: true },
  ) {
    this.cache = new SwrCache({
      freshMs: KEY_FRESH_MS,
      staleMs: KEY_STALE_MS,
      maxEntries: MAX_ENTRIES,
      now: options.now,
    });
    const hub = options.listen ? notificationsFor(db) : null;
    this.listener = hub?.subscribe(KEY_CHANGES_CHANNEL, () => this.cache.invalidateAll()) ?? null;
  }

  /** The key with this hash as of at most a second ago (milliseconds when notifications flow). */
  lookup(hash: string): Promise<KeyRecord | null> {
    return this.cache.get(hash, (h) => readKey(this.db, h), this.listener?.listening ?? false);
  }

  /** True once notifications of key changes reach this process. */
  get listening(): boolean {
    return this.listener?.listening ?? false;
  }

  invalidateAll(): void {
    this.cache.invalidateAll();
  }

  async close(): Promise<void> {
    await this.listener?.close();
  }
}

const caches = new WeakMap<Database, KeyCache>();

/** The process's cache for a database (one per pool; the server has one). */
export function keyCacheFor(db: Database): KeyCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new KeyCache(db);
    caches.set(db, cache);
  }
  return cache;
}

/**
 * After a key change this process committed: its own cache forgets at once rather than when the
 * notification comes back (the next request may come first). Other processes hear the
 * notification. A process without a cache (a CLI) has nothing to forget and opens no listener.
 */
export function forgetCachedKeys(db: Database): void {
  caches.get(db)?.invalidateAll();
}
