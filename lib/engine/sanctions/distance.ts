// String similarity for name tokens: Jaro-Winkler ranks candidates, a Damerau-Levenshtein
// budget vetoes pairs Jaro-Winkler is too lenient on (shared prefix, different word).

// Scratch buffers reused across calls: screening runs millions of comparisons and tokens are
// short; a longer string gets buffers of its own.
const SCRATCH = 64;
const scratchA = new Uint8Array(SCRATCH);
const scratchB = new Uint8Array(SCRATCH);
const scratchRows = [new Int32Array(SCRATCH + 1), new Int32Array(SCRATCH + 1), new Int32Array(SCRATCH + 1)];

/** Jaro similarity, 0..1. */
export function jaro(a: string, b: string): number {
  if (a === b) return 1;
  const la = a.length;
  const lb = b.length;
  if (la === 0 || lb === 0) return 0;
  const flagsA = la <= SCRATCH ? scratchA : new Uint8Array(la);
  const flagsB = lb <= SCRATCH ? scratchB : new Uint8Array(lb);
  flagsA.fill(0, 0, la);
  flagsB.fill(0, 0, lb);
  const window = Math.max(0, Math.floor(Math.max(la, lb) / 2) - 1);
  let matches = 0;
  for (let i = 0; i < la; i++) {
    const from = Math.max(0, i - window);
    const to = Math.min(lb - 1, i + window);
    const ch = a.charCodeAt(i);
    for (let j = from; j <= to; j++) {
      if (flagsB[j] === 0 && b.charCodeAt(j) === ch) {
        flagsA[i] = 1;
        flagsB[j] = 1;
        matches++;
        break;
      }
    }
  }
  if (matches === 0) return 0;
  let transpositions = 0;
  let k = 0;
  for (let i = 0; i < la; i++) {
    if (flagsA[i] === 0) continue;
    while (flagsB[k] === 0) k++;
    if (a.charCodeAt(i) !== b.charCodeAt(k)) transpositions++;
    k++;
  }
  const m = matches;
  return (m / la + m / lb + (m - transpositions / 2) / m) / 3;
}

/** Jaro-Winkler with the usual prefix scale 0.1 over at most 4 characters, boosted above 0.7. */
export function jaroWinkler(a: string, b: string): number {
  const j = jaro(a, b);
  if (j < 0.7) return j;
  const limit = Math.min(4, a.length, b.length);
  let prefix = 0;
  while (prefix < limit && a.charCodeAt(prefix) === b.charCodeAt(prefix)) prefix++;
  return j + prefix * 0.1 * (1 - j);
}

/**
 * Optimal-string-alignment distance (Damerau-Levenshtein with adjacent transpositions),
 * giving up with `max + 1` once every alignment exceeds `max`.
 */
export function editDistance(a: string, b: string, max = Number.POSITIVE_INFINITY): number {
  const la = a.length;
  const lb = b.length;
  if (Math.abs(la - lb) > max) return max + 1;
  if (la === 0) return lb;
  if (lb === 0) return la;
  let [prev2, prev, cur] =
    lb < SCRATCH
      ? (scratchRows as [Int32Array, Int32Array, Int32Array])
      : [new Int32Array(lb + 1), new Int32Array(lb + 1), new Int32Array(lb + 1)];
  for (let j = 0; j <= lb; j++) prev[j] = j;
  for (let i = 1; i <= la; i++) {
    cur[0] = i;
    let best = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= lb; j++) {
      const cb = b.charCodeAt(j - 1);
      const cost = ca === cb ? 0 : 1;
      let value = Math.min((prev[j] ?? 0) + 1, (cur[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && ca === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === cb) {
        value = Math.min(value, (prev2[j - 2] ?? 0) + 1);
      }
      cur[j] = value;
      if (value < best) best = value;
    }
    if (best > max) return max + 1;
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  return prev[lb] ?? 0;
}
