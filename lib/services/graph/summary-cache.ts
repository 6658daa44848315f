import type { Database } from '@/lib/db/client';
import { notificationsFor, type Subscription } from '@/lib/db/notifications';
import type { SourceCount } from '@/lib/engine/interval-summary';

/** Migration 0022's triggers announce changes to completed hours of the rollups here. */
export const ROLLUP_CHANGES_CHANNEL = 'verity_rollup_changes';

const MAX_IDENTIFIERS = 10_000;
/** Parts kept per identifier: six windows, a few views; a new hour starts afresh anyway. */
const MAX_PARTS = 24;

/**
 * The completed hours of each hot identifier's pattern windows, per process: a year of a busy
 * email is thousands of rollup rows, read once an hour instead of on every Signals call. Only
 * hours that ended more than an hour ago are kept: live sightings write the current hour, so
 * Signals and Verify traffic never invalidates an entry. Backdated writes, erasure and restores
 * do, by notification (migration 0022), and a part read while one was heard is not kept.
 */
export class SummaryCache {
  private readonly entries = new Map<string, Map<string, readonly SourceCount[]>>();
  private heard = 0;

  constructor(private readonly maxIdentifiers = MAX_IDENTIFIERS) {}

  /** A token for `store`: a change heard after it makes what was read then unsafe to keep. */
  get epoch(): number {
    return this.heard;
  }

  read(identifierId: string, part: string): readonly SourceCount[] | undefined {
    const parts = this.entries.get(identifierId);
    const counts = parts?.get(part);
    if (parts && counts) {
      // Least recently used goes first: a hit moves the identifier to the end.
      this.entries.delete(identifierId);
      this.entries.set(identifierId, parts);
    }
    return counts;
  }

  store(identifierId: string, part: string, counts: readonly SourceCount[], epoch: number): void {
    if (epoch !== this.heard) return;
    let parts = this.entries.get(identifierId);
    if (!parts || parts.size >= MAX_PARTS) parts = new Map();
    parts.set(part, counts);
    this.entries.delete(identifierId);
    this.entries.set(identifierId, parts);
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.maxIdentifiers) break;
      this.entries.delete(oldest);
    }
  }

  /** A notification's payload: identifier ids, '*' for any, null when notifications were missed. */
  invalidate(payload: string | null): void {
    this.heard++;
    if (payload === null || payload === '*' || payload === '') {
      this.entries.clear();
      return;
    }
    for (const id of payload.split(',')) this.entries.delete(id);
  }

  get size(): number {
    return this.entries.size;
  }
}

interface Attached {
  cache: SummaryCache;
  subscription: Subscription;
}

const attached = new WeakMap<Database, Attached>();

/**
 * The process's cache for a pool, or null while it cannot hear changes (LISTEN not yet, or no
 * longer, established; a database without a pool): then every read goes to the database.
 */
export function summaryCacheFor(db: Database): SummaryCache | null {
  let entry = attached.get(db);
  if (!entry) {
    const hub = notificationsFor(db);
    if (!hub) return null;
    const cache = new SummaryCache();
    entry = {
      cache,
      subscription: hub.subscribe(ROLLUP_CHANGES_CHANNEL, (payload) => cache.invalidate(payload)),
    };
    attached.set(db, entry);
  }
  return entry.subscription.listening ? entry.cache : null;
}
