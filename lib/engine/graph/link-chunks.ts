// Link building is bounded per request: a batch's sightings are linked in consecutive chunks, each
// building at most MAX_PAIRS_PER_CHUNK identifier pairs, instead of every pair of every sighting
// at once (10,000 events of 65 identifiers would be about 20 million pairs). Each chunk is written
// as a request of its own would be (link counts and sources add up), so the graph means the same.

/** Pairs built in memory at once; one sighting's own pairs (at most a few thousand) always fit. */
export const MAX_PAIRS_PER_CHUNK = 50_000;

/** The most pairs a sighting of `members` identifiers can link: every two of them. */
export function pairCount(members: number): number {
  return members < 2 ? 0 : (members * (members - 1)) / 2;
}

/**
 * Consecutive chunks of `items` whose pair counts sum to at most `maxPairs`; an item over the bound
 * on its own forms a chunk alone. Order is kept, so locks are still taken in the same sequence.
 */
export function chunkByPairs<T>(
  items: readonly T[],
  membersOf: (item: T) => number,
  maxPairs = MAX_PAIRS_PER_CHUNK,
): T[][] {
  const chunks: T[][] = [];
  let current: T[] = [];
  let pairs = 0;
  for (const item of items) {
    const own = pairCount(membersOf(item));
    if (current.length > 0 && pairs + own > maxPairs) {
      chunks.push(current);
      current = [];
      pairs = 0;
    }
    current.push(item);
    pairs += own;
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}
