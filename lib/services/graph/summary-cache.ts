import type { Database } from '@/lib/db/client';
import { notificationsFor, type Subscription } from '@/lib/db/notifications';
import type { SourceCount } from '@/lib/engine/interval-summary';

/** Migration 0022's triggers announce changes to completed hours of the rollups here. */
export const ROLLUP_CHANGES_CHANNEL = 'verity_rollup_changes';

/** Bounds of one process's cache: identifiers, and counts held in all (a row each, ~100 bytes). */
export interface SummaryCacheLimits {
  identifiers: number;
  counts: number;
}

const LIMITS: SummaryCacheLimits = { identifiers: 10_000, counts: 250_000 };
/** Parts kept per identifier: six windows, a few views; a new hour starts afresh anyway. */
const MAX_PARTS = 24;

type Parts = Map<string, readonly SourceCount[]>;

/** What an identifier's parts hold, counting an empty part as one (it is an entry too). */
const weight = (parts: Parts) =>
  [...parts.values()].reduce((sum, counts) => sum + Math.max(1, counts.length), 0);

/**
 * The completed hours of each hot identifier's pattern windows, per process: a year of a busy
 * email is thousands of rollup rows, read once an hour instead of on every Signals call. Only
 * hours that ended more than an hour ago are kept: live sightings write the current hour, so
 * Signals and Verify traffic never invalidates an entry. Backdated writes, erasure and restores
 * do, by notification (migration 0022), and a part read while one was heard is not kept. The
 * least recently used identifiers go first when either bound is passed.
 */
export class SummaryCache {
  private readonly entries = new Map<string, Parts>();
  private heard = 0;
  private held = 0;

  constructor(private readonly limits: SummaryCacheLimits = LIMITS) {}

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
    const old = this.entries.get(identifierId);
    this.forget(identifierId);
    const parts: Parts = old && old.size < MAX_PARTS ? old : new Map();
    parts.set(part, counts);
    this.entries.set(identifierId, parts);
    this.held += weight(parts);
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.limits.identifiers && this.held <= this.limits.counts) break;
      this.forget(oldest);
    }
  }

  /** A notification's payload: identifier ids, '*' for any, null when notifications were missed. */
  invalidate(payload: string | null): void {
    this.heard++;
    if (payload === null || payload === '*' || payload === '') {
      this.entries.clear();
      this.held = 0;
      return;
    }
    for (const id of payload.split(',')) this.forget(id);
  }

  private forget(identifierId: string): void {
    const parts = this.entries.get(identifierId);
    if (!parts) return;
    this.held -= weight(parts);
    this.entries.delete(identifierId);
  }

  /** Identifiers held. */
  get size(): number {
    return this.entries.size;
  }

  /** Counts held in all. */
  get counts(): number {
    return this.held;
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
