// Issue 11, finding 5: an events batch built every pair of each event's identifiers for all its
// events at once (about 20 million for 10,000 events of 65 identifiers). Links are now built in
// chunks of bounded pair counts (lib/engine/graph/link-chunks.ts).
import { describe, expect, it } from 'vitest';
import { identifierKeys } from '@/lib/engine/graph/identifier-keys';
import { chunkByPairs, MAX_PAIRS_PER_CHUNK, pairCount } from '@/lib/engine/graph/link-chunks';
import { parseEvent } from '@/lib/engine/ingest/parse-event';
import { MAX_ITEMS_PER_REQUEST } from '@/lib/engine/ingest/types';

const NOW = new Date('2026-11-01T12:00:00Z');

/** The largest event the feed accepts: every identifier field at its distinct limit. */
function maximalEvent(n: number): Record<string, unknown> {
  const range = (count: number) => Array.from({ length: count }, (_, i) => i);
  return {
    type: 'signup',
    observedAt: '2026-11-01T11:00:00Z',
    source: 'web',
    emails: range(20).map((i) => `person${n}.${i}@example.com`),
    phones: range(20).map((i) => `+1415555${String(1000 + i)}`),
    profiles: range(20).map((i) => ({ service: 'github', username: `user${n}x${i}` })),
    ssns: ['536-22-8412'],
    name: { given: 'Jane', family: 'Doe' },
    location: { addressLine1: '1 Main St', city: 'Springfield', regionCode: 'IL', postalCode: '62701' },
    ipAddress: '203.0.113.7',
    birthday: '1980-01-01',
    organization: 'Acme',
    title: 'Engineer',
  };
}

describe('link building is bounded per request', () => {
  it('pairCount is every two of the members', () => {
    expect([0, 1, 2, 3, 65].map(pairCount)).toEqual([0, 0, 1, 3, 2080]);
  });

  it('a batch of 10,000 maximal events is linked in chunks of at most MAX_PAIRS_PER_CHUNK pairs', () => {
    const parsed = parseEvent(maximalEvent(0), NOW);
    if (!parsed.ok) throw new Error(parsed.message);
    const members = identifierKeys(parsed.value.identifiers, (digits) => `h:${digits}`).length;
    // The event carries more than 60 identifiers, and its own pairs fit one chunk.
    expect(members).toBeGreaterThan(60);
    expect(pairCount(members)).toBeLessThanOrEqual(MAX_PAIRS_PER_CHUNK);

    const batch = Array.from({ length: MAX_ITEMS_PER_REQUEST }, (_, index) => ({ index, members }));
    const all = batch.reduce((sum, item) => sum + pairCount(item.members), 0);
    expect(all).toBeGreaterThan(20_000_000);
    const chunks = chunkByPairs(batch, (item) => item.members);
    for (const chunk of chunks) {
      expect(chunk.reduce((sum, item) => sum + pairCount(item.members), 0)).toBeLessThanOrEqual(
        MAX_PAIRS_PER_CHUNK,
      );
    }
    // Every event is linked once, in order.
    expect(chunks.flat().map((item) => item.index)).toEqual(batch.map((item) => item.index));
  });

  it('an item over the bound on its own is a chunk alone; empty sightings cost nothing', () => {
    const chunks = chunkByPairs([3, 1000, 0, 2, 100, 150], (n) => n, 10_000);
    expect(chunks).toEqual([[3], [1000], [0, 2, 100], [150]]);
    expect(chunkByPairs([], (n: number) => n)).toEqual([]);
  });
});
