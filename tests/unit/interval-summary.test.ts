// Issue 12, item 5: a window's summary is assembled from its parts (cached settled hours, the
// live last hours, the raw first hour); sources seen by several parts count once.
import { describe, expect, it } from 'vitest';
import { summarizeCounts } from '@/lib/engine/interval-summary';

describe('summarizeCounts', () => {
  it('is null for a window with nothing observed', () => {
    expect(summarizeCounts([])).toBeNull();
  });

  it('adds observations across parts and counts each source once, overall and per type', () => {
    const settled = [
      { type: 'signup', source: 'ws_a:shop', n: 4 },
      { type: 'visitor', source: 'ws_a:web', n: 2 },
    ];
    const live = [
      { type: 'signup', source: 'ws_a:shop', n: 1 },
      { type: 'signals', source: 'ws_b', n: 1 },
      { type: 'visitor', source: 'ws_a:shop', n: 3 },
    ];
    expect(summarizeCounts([...settled, ...live])).toEqual({
      observations: 11,
      sources: 3,
      events: [
        { type: 'signup', observations: 5, sources: 1 },
        { type: 'visitor', observations: 5, sources: 2 },
        { type: 'signals', observations: 1, sources: 1 },
      ],
    });
  });
});
