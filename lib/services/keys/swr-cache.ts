/**
 * An in-process stale-while-revalidate cache (the shape of Unkey's key cache): an entry younger
 * than `freshMs` is served as it is; one between `freshMs` and `staleMs` is served while a
 * single background load refreshes it; an older one, or a missing one, is loaded before it is
 * served. Concurrent loads of one key share one promise. `invalidateAll` drops every entry and
 * discards loads that started before it, so a change announced during a load is never
 * overwritten by the value read before the change.
 */
export interface SwrCacheOptions {
  freshMs: number;
  staleMs: number;
  /** Oldest entries are dropped beyond this many (unknown keys are cached too). */
  maxEntries: number;
  now?: () => number;
}

interface Entry<V> {
  value: V;
  loadedAt: number;
}

export class SwrCache<K, V> {
  private readonly entries = new Map<K, Entry<V>>();
  private readonly loading = new Map<K, Promise<V>>();
  private generation = 0;
  private readonly now: () => number;

  constructor(private readonly options: SwrCacheOptions) {
    this.now = options.now ?? Date.now;
  }

  /** `serveStale` false: past `freshMs` an entry is reloaded before it is served. */
  async get(key: K, load: (key: K) => Promise<V>, serveStale = true): Promise<V> {
    const entry = this.entries.get(key);
    if (entry) {
      const age = this.now() - entry.loadedAt;
      if (age < this.options.freshMs) return entry.value;
      if (serveStale && age < this.options.staleMs) {
        // Errors of a background refresh leave the stale entry to age out.
        this.load(key, load).catch(() => undefined);
        return entry.value;
      }
    }
    return this.load(key, load);
  }

  /** Forgets everything: the next get of every key loads again. */
  invalidateAll(): void {
    this.generation++;
    this.entries.clear();
    this.loading.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  private load(key: K, load: (key: K) => Promise<V>): Promise<V> {
    const running = this.loading.get(key);
    if (running) return running;
    const generation = this.generation;
    const loadedAt = this.now();
    const promise = load(key).then(
      (value) => {
        if (generation === this.generation) {
          this.loading.delete(key);
          this.store(key, { value, loadedAt });
        }
        return value;
      },
      (error: unknown) => {
        if (generation === this.generation) this.loading.delete(key);
        throw error;
      },
    );
    this.loading.set(key, promise);
    return promise;
  }

  private store(key: K, entry: Entry<V>): void {
    this.entries.delete(key);
    this.entries.set(key, entry);
    while (this.entries.size > this.options.maxEntries) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.entries.delete(oldest.value);
    }
  }
}
