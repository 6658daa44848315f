const DAY_MS = 86_400_000;

/** Half-life of a link's weight: a pairing not seen for two years counts half. */
export const LINK_HALF_LIFE_DAYS = 730;

/**
 * Confidence that two linked identifiers belong to one person: each independent source that
 * saw them together halves the remaining doubt (1 source 0.5, 2 sources 0.75, 3 0.875), and
 * the result decays with the time since the pair was last seen.
 */
export function linkConfidence(sources: number, lastSeenMs: number, nowMs: number): number {
  const support = 1 - 0.5 ** Math.max(1, sources);
  const ageDays = Math.max(0, nowMs - lastSeenMs) / DAY_MS;
  const decay = 0.5 ** (ageDays / LINK_HALF_LIFE_DAYS);
  return Math.max(0.01, Math.round(support * decay * 1000) / 1000);
}

export interface WeightedLink {
  a: string;
  b: string;
  confidence: number;
}

/**
 * Confidence of each identifier reachable from the matched ones: the best product of link
 * confidences along any path (matched identifiers are certain, 1).
 */
export function propagateConfidence(
  matched: Iterable<string>,
  links: readonly WeightedLink[],
): Map<string, number> {
  const adjacent = new Map<string, { to: string; confidence: number }[]>();
  for (const link of links) {
    adjacent.set(link.a, [...(adjacent.get(link.a) ?? []), { to: link.b, confidence: link.confidence }]);
    adjacent.set(link.b, [...(adjacent.get(link.b) ?? []), { to: link.a, confidence: link.confidence }]);
  }
  const best = new Map<string, number>();
  const queue: string[] = [];
  for (const id of matched) {
    best.set(id, 1);
    queue.push(id);
  }
  // Best-first relaxation; clusters are small (hubs are capped), so a simple loop suffices.
  while (queue.length > 0) {
    queue.sort((x, y) => (best.get(y) ?? 0) - (best.get(x) ?? 0));
    const current = queue.shift();
    if (current === undefined) break;
    const base = best.get(current) ?? 0;
    for (const edge of adjacent.get(current) ?? []) {
      const candidate = Math.round(base * edge.confidence * 1000) / 1000;
      if (candidate > (best.get(edge.to) ?? 0)) {
        best.set(edge.to, candidate);
        queue.push(edge.to);
      }
    }
  }
  return best;
}
