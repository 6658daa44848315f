// A process cache of an index built from imported rows: the rows' newest imported_at (the stamp)
// is read at most every CHECK_MS, and the index is rebuilt only when the stamp changed, so every
// server instance picks up an import within seconds without rebuilding on each request.
import type { Executor } from '@/lib/db/client';

const CHECK_MS = 2_000;

export interface StampedSource<T> {
  /** For the error log line. */
  label: string;
  /** Epoch ms of the newest import, or null when nothing is imported. */
  stamp(db: Executor): Promise<number | null>;
  /** The index of the imported rows; only called when the stamp is not null. */
  build(db: Executor): Promise<T | null>;
}

/** Returns the cached-index reader for one source; a failed refresh keeps the previous index. */
export function stampedCache<T>(source: StampedSource<T>) {
  let cache: { stamp: number | null; value: T | null; checkedAt: number } | null = null;
  let loading: Promise<T | null> | null = null;

  async function refresh(db: Executor, nowMs: number): Promise<T | null> {
    const stamp = await source.stamp(db);
    if (cache && cache.stamp === stamp) {
      cache.checkedAt = nowMs;
      return cache.value;
    }
    const value = stamp === null ? null : await source.build(db);
    cache = { stamp, value, checkedAt: nowMs };
    return value;
  }

  return async function read(db: Executor, nowMs: number = Date.now()): Promise<T | null> {
    if (cache && nowMs - cache.checkedAt < CHECK_MS) return cache.value;
    if (!loading) {
      loading = refresh(db, nowMs).finally(() => {
        loading = null;
      });
    }
    try {
      return await loading;
    } catch (error) {
      process.stderr.write(
        `${JSON.stringify({ level: 'error', msg: `${source.label} not loaded`, error: error instanceof Error ? error.message : String(error) })}\n`,
      );
      return cache?.value ?? null;
    }
  };
}

/** Epoch ms of a `max(imported_at)` row. */
export const stampOf = (row: { newest: Date | string | null } | undefined): number | null =>
  row?.newest ? new Date(row.newest).getTime() : null;
