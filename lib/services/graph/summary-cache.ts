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

type Parts<Row> = Map<string, readonly Row[]>;

/** What an identifier's parts hold, counting an empty part as one (it is an entry too). */
const weight = <Row>(parts: Parts<Row>) =>
  [...parts.values()].reduce((sum, counts) => sum + Math.max(1, counts.length), 0);

/** One sparkline bucket's count of one event type, by the bucket's start (UTC ms). */
export type BucketCount = { startMs: number; type: string; n: number };

/**
 * The completed hours of each hot identifier's pattern windows, per process: a year of a busy
 * email is thousands of rollup rows, read once an hour instead of on every Signals call (rows
 * are the summaries' counts by type and source, or a sparkline's counts by bucket). Only
 * hours that ended more than an hour ago are kept: live sightings write the current hour, so
 * Signals and Verify traffic never invalidates an entry. Backdated writes, erasure and restores
 * do, by notification (migration 0022), and a part read while one was heard is not kept. The
 * least recently used identifiers go first when either bound is passed.
 */
export class SummaryCache<Row extends object = SourceCount> {
  private readonly entries = new Map<string, Parts<Row>>();
  private heard = 0;
  private held = 0;

  constructor(private readonly limits: SummaryCacheLimits = LIMITS) {}

  /** A token for `store`: a change heard after it makes what was read then unsafe to keep. */
  get epoch(): number {
    return this.heard;
  }

  read(identifierId: string, part: string): readonly Row[] | undefined {
    const parts = this.entries.get(identifierId);
    const counts = parts?.get(part);
    if (parts && counts) {
      // Least recently used goes first: a hit moves the identifier to the end.
      this.entries.delete(identifierId);
      this.entries.set(identifierId, parts);
    }
    return counts;
  }

  store(identifierId: string, part: string, counts: readonly Row[], epoch: number): void {
    if (epoch !== this.heard) return;
    const old = this.entries.get(identifierId);
    this.forget(identifierId);
    const parts: Parts<Row> = old && old.size < MAX_PARTS ? old : new Map();
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
  summaries: SummaryCache;
  series: SummaryCache<BucketCount>;
  subscription: Subscription;
}

const attached = new WeakMap<Database, Attached>();

/**
 * The process's caches for a pool, or null while they cannot hear changes (LISTEN not yet, or no
 * longer, established; a database without a pool): then every read goes to the database.
 */
function cachesFor(db: Database): Attached | null {
  let entry = attached.get(db);
  if (!entry) {
    const hub = notificationsFor(db);
    if (!hub) return null;
    const summaries = new SummaryCache();
    const series = new SummaryCache<BucketCount>();
    entry = {
      summaries,
      series,
      subscription: hub.subscribe(ROLLUP_CHANGES_CHANNEL, (payload) => {
        summaries.invalidate(payload);
        series.invalidate(payload);
      }),
    };
    attached.set(db, entry);
  }
  return entry.subscription.listening ? entry : null;
}

/** The settled hours of pattern summaries (Signals, the historical summary). */
export const summaryCacheFor = (db: Database): SummaryCache | null => cachesFor(db)?.summaries ?? null;

/** The settled hours of sparklines (the pattern time series). */
export const seriesCacheFor = (db: Database): SummaryCache<BucketCount> | null =>
  cachesFor(db)?.series ?? null;
