// Issue 12, item 5: the per-process cache of settled pattern hours, without a database.
import { describe, expect, it } from 'vitest';
import { SummaryCache } from '@/lib/services/graph/summary-cache';

const counts = (n: number) => [{ type: 'signup', source: 'ws_a:shop', n }];

describe('SummaryCache', () => {
  it('keeps a part per identifier and window, and forgets the identifiers a change names', () => {
    const cache = new SummaryCache();
    cache.store('idn_1', 'year', counts(3), cache.epoch);
    cache.store('idn_1', 'week', counts(1), cache.epoch);
    cache.store('idn_2', 'year', counts(7), cache.epoch);
    expect(cache.read('idn_1', 'year')).toEqual(counts(3));
    expect(cache.read('idn_1', 'month')).toBeUndefined();
    cache.invalidate('idn_1,idn_9');
    expect(cache.read('idn_1', 'year')).toBeUndefined();
    expect(cache.read('idn_1', 'week')).toBeUndefined();
    expect(cache.read('idn_2', 'year')).toEqual(counts(7));
  });

  it("forgets everything on '*' and when notifications were missed (null)", () => {
    const cache = new SummaryCache();
    cache.store('idn_1', 'year', counts(3), cache.epoch);
    cache.invalidate('*');
    expect(cache.size).toBe(0);
    cache.store('idn_1', 'year', counts(3), cache.epoch);
    cache.invalidate(null);
    expect(cache.read('idn_1', 'year')).toBeUndefined();
  });

  it('does not keep a part read while a change was heard (the read may predate the change)', () => {
    const cache = new SummaryCache();
    const before = cache.epoch;
    cache.invalidate('idn_other');
    cache.store('idn_1', 'year', counts(3), before);
    expect(cache.read('idn_1', 'year')).toBeUndefined();
    cache.store('idn_1', 'year', counts(3), cache.epoch);
    expect(cache.read('idn_1', 'year')).toEqual(counts(3));
  });

  it('holds at most its bound of identifiers, dropping the least recently used', () => {
    const cache = new SummaryCache({ identifiers: 2, counts: 100 });
    cache.store('idn_1', 'year', counts(1), cache.epoch);
    cache.store('idn_2', 'year', counts(2), cache.epoch);
    expect(cache.read('idn_1', 'year')).toEqual(counts(1));
    cache.store('idn_3', 'year', counts(3), cache.epoch);
    expect(cache.size).toBe(2);
    expect(cache.read('idn_2', 'year')).toBeUndefined();
    expect(cache.read('idn_1', 'year')).toEqual(counts(1));
    expect(cache.read('idn_3', 'year')).toEqual(counts(3));
  });

  it('holds at most its bound of counts in all, however few identifiers hold them', () => {
    const cache = new SummaryCache({ identifiers: 100, counts: 10 });
    const many = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ type: 'visitor', source: `feed-${i}`, n: 1 }));
    cache.store('idn_1', 'year', many(4), cache.epoch);
    cache.store('idn_2', 'year', many(4), cache.epoch);
    expect(cache.counts).toBe(8);
    cache.store('idn_2', 'week', many(2), cache.epoch);
    expect(cache.counts).toBe(10);
    cache.store('idn_3', 'year', many(3), cache.epoch);
    expect(cache.read('idn_1', 'year')).toBeUndefined();
    expect(cache.counts).toBe(9);
    cache.invalidate('idn_2');
    expect(cache.counts).toBe(3);
    // A part too big for the whole budget is not kept at all.
    cache.store('idn_4', 'year', many(11), cache.epoch);
    expect(cache.read('idn_4', 'year')).toBeUndefined();
    expect(cache.counts).toBeLessThanOrEqual(10);
  });
});
