// The in-process key cache's policy (issue 12): fresh entries served without a load, stale ones
// served while one background load refreshes them, expired ones loaded first, and a change
// announcement (invalidateAll) never overwritten by a load that read the state before it.
import { describe, expect, it } from 'vitest';
import { SwrCache } from '@/lib/services/keys/swr-cache';

function setup(options: { freshMs?: number; staleMs?: number; maxEntries?: number } = {}) {
  let clock = 0;
  const cache = new SwrCache<string, string>({
    freshMs: options.freshMs ?? 1000,
    staleMs: options.staleMs ?? 30_000,
    maxEntries: options.maxEntries ?? 100,
    now: () => clock,
  });
  const loads: string[] = [];
  let version = 'v1';
  // Loads resolve when the test says so, to observe what is served while one runs.
  const pending: Array<() => void> = [];
  const load = (key: string) => {
    loads.push(key);
    const value = `${key}@${version}`;
    return new Promise<string>((resolve) => pending.push(() => resolve(value)));
  };
  const settle = async () => {
    while (pending.length > 0) pending.shift()?.();
    await new Promise((r) => setTimeout(r, 0));
  };
  return {
    cache,
    load,
    loads,
    settle,
    advance: (ms: number) => {
      clock += ms;
    },
    setVersion: (v: string) => {
      version = v;
    },
  };
}

describe('SwrCache', () => {
  it('loads a missing key once for concurrent callers and serves it without loading while fresh', async () => {
    const t = setup();
    const both = Promise.all([t.cache.get('k', t.load), t.cache.get('k', t.load)]);
    await t.settle();
    expect(await both).toEqual(['k@v1', 'k@v1']);
    t.advance(999);
    expect(await t.cache.get('k', t.load)).toBe('k@v1');
    expect(t.loads).toEqual(['k']);
  });

  it('serves a stale entry at once while a single background load refreshes it', async () => {
    const t = setup();
    const first = t.cache.get('k', t.load);
    await t.settle();
    await first;
    t.advance(1500);
    t.setVersion('v2');
    // Both answered from the stale entry; one refresh started.
    expect(await t.cache.get('k', t.load)).toBe('k@v1');
    expect(await t.cache.get('k', t.load)).toBe('k@v1');
    expect(t.loads).toEqual(['k', 'k']);
    await t.settle();
    expect(await t.cache.get('k', t.load)).toBe('k@v2');
    expect(t.loads).toEqual(['k', 'k']);
  });

  it('loads before serving past the stale bound, and past the fresh bound when stale is not allowed', async () => {
    const t = setup();
    const first = t.cache.get('k', t.load);
    await t.settle();
    await first;
    t.setVersion('v2');
    t.advance(1001);
    const strict = t.cache.get('k', t.load, false);
    await t.settle();
    expect(await strict).toBe('k@v2');

    t.setVersion('v3');
    t.advance(30_001);
    const expired = t.cache.get('k', t.load);
    await t.settle();
    expect(await expired).toBe('k@v3');
  });

  it('after invalidateAll, loads again, and a load begun before it does not refill the cache', async () => {
    const t = setup();
    const before = t.cache.get('k', t.load);
    // The change is announced while the first load is still reading.
    t.cache.invalidateAll();
    t.setVersion('v2');
    await t.settle();
    expect(await before).toBe('k@v1');
    const after = t.cache.get('k', t.load);
    await t.settle();
    expect(await after).toBe('k@v2');
    expect(t.loads).toEqual(['k', 'k']);
  });

  it('holds at most maxEntries, dropping the oldest', async () => {
    const t = setup({ maxEntries: 2 });
    for (const key of ['a', 'b', 'c']) {
      const got = t.cache.get(key, t.load);
      await t.settle();
      await got;
    }
    expect(t.cache.size).toBe(2);
    const again = t.cache.get('a', t.load);
    await t.settle();
    await again;
    expect(t.loads).toEqual(['a', 'b', 'c', 'a']);
  });

  it('a failed load is not cached and the next get tries again', async () => {
    const t = setup();
    await expect(t.cache.get('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    const retry = t.cache.get('k', t.load);
    await t.settle();
    expect(await retry).toBe('k@v1');
  });
});
