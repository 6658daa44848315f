// The token-aware name scorer. Like watchman's "best pairs" Jaro-Winkler, each query token is
// paired with at most one list-name token, best pairs first, and the pair scores are averaged
// by weight; like nomenklatura's name alignment, a Levenshtein budget vetoes pairs Jaro-Winkler
// is too lenient on. Our own choices: particles, legal forms and initials weigh little; list
// name parts the query lacks (middle names, second surnames) cost a quarter of a missing query
// part, and then a query word the lists spell exactly so pairs with a near spelling only at a
// discount (another name more likely than a typo); and a list name of two or more name words
// needs two of them found.
import { editDistance, jaroWinkler } from './distance';
import { nameTokens, type TokenKind, tokenKind } from './normalize';

/** Pairs below this Jaro-Winkler similarity are not the same word. */
export const MIN_TOKEN_SIMILARITY = 0.8;
/** An initial against a word it starts: evidence, but weaker than the word itself. */
export const INITIAL_SIMILARITY = 0.7;
/** What a list-name token the query does not have costs, relative to a missing query token. */
export const UNMATCHED_LIST_TOKEN_COST = 0.25;
/** A list name with two name words matched on fewer than two is scaled by this. */
export const SINGLE_WORD_PENALTY = 0.8;
/**
 * Scales a near (not exact) pair of a listed query word when the list name has name words the
 * query lacks: a partial name on a near spelling of another real name word is two doubts at
 * once (Maria Gonzalez is not "Porthos MARIN GONZALEZ"). A typo is rarely itself a listed word.
 */
export const PARTIAL_NEAR_FACTOR = 0.9;
/** A pair counts as a name word found when it scores this much. */
const FOUND = 0.7;

/** Scales a near (not exact) match of a short word. */
const SHORT_WORD_FACTOR = 0.92;
/** A match found only once an article is set aside is slightly weaker than a plain one. */
const ARTICLE_FACTOR = 0.97;

const WEIGHTS: Readonly<Record<TokenKind, number>> = { strong: 1, initial: 0.4, particle: 0.2, legal: 0.2 };

export interface WeightedToken {
  text: string;
  weight: number;
  strong: boolean;
}

export interface QueryToken extends WeightedToken {
  /** Absent from a list name without costing a full part (the query's middle name). */
  optional: boolean;
  /** The lists spell a name word exactly so: a near pair is then more likely another name than a typo. */
  listed: boolean;
}

export function weightedToken(text: string): WeightedToken {
  const kind = tokenKind(text);
  return { text, weight: WEIGHTS[kind], strong: kind === 'strong' };
}

/** Edits two words may differ by and still be one word: one per four letters of the shorter, at least one. */
export const editBudget = (shorter: number): number => Math.max(1, Math.floor(shorter / 4));

/** Similarity of two canonical tokens, 0 when they are not plausibly the same word. */
export function tokenSimilarity(a: string, b: string): number {
  if (a === b) return 1;
  // An article one spelling glues on and the other leaves out (al-Zawahiri / Zawahiri).
  const aArticle = a.length >= 5 && a.startsWith('al');
  const bArticle = b.length >= 5 && b.startsWith('al');
  if (aArticle !== bArticle) {
    const bare = wordSimilarity(aArticle ? a.slice(2) : a, bArticle ? b.slice(2) : b) * ARTICLE_FACTOR;
    return Math.max(bare, wordSimilarity(a, b));
  }
  return wordSimilarity(a, b);
}

function wordSimilarity(a: string, b: string): number {
  if (a === b) return 1;
  if (a.length === 0 || b.length === 0) return 0;
  if (a.length === 1 || b.length === 1) return a.charCodeAt(0) === b.charCodeAt(0) ? INITIAL_SIMILARITY : 0;
  const shorter = Math.min(a.length, b.length);
  const longer = Math.max(a.length, b.length);
  // rigour's plausibility budget; the length gap alone rules out most pairs for free.
  const budget = editBudget(shorter);
  if (longer - shorter > budget) return 0;
  const jw = jaroWinkler(a, b);
  if (jw < MIN_TOKEN_SIMILARITY) return 0;
  const edits = editDistance(a, b, budget);
  if (edits > budget) return 0;
  // Jaro-Winkler undervalues one typo early in a long word; the edit ratio does not.
  let score = Math.max(jw, 1 - edits / longer);
  // Jaro-Winkler forgives a different first letter and a length gap too easily (watchman).
  if (a.charCodeAt(0) !== b.charCodeAt(0)) score *= 0.9;
  // One letter off in a word of four or fewer is a different word as often as a typo (Jian/Juan).
  if (shorter <= 4) score *= SHORT_WORD_FACTOR;
  const ratio = shorter / longer;
  if (ratio < 0.9) score *= 1 - (1 - ratio) * 0.3;
  return score;
}

// Scratch for the pair matrix and the used marks: scoring runs for every candidate name.
const SCRATCH = 1024;
const scratchMatrix = new Float64Array(SCRATCH);
const scratchUsedQ = new Uint8Array(SCRATCH);
const scratchUsedC = new Uint8Array(SCRATCH);

/**
 * Score 0..1 of a list name for a query: the weighted average of the best one-to-one token
 * pairs, over the weight of every query token and of the list tokens paired or (discounted) not.
 * `similarity(qi, ci)` compares query token qi with list token ci (the index memoises it).
 */
export function scoreAlignment(
  query: readonly QueryToken[],
  candidate: readonly WeightedToken[],
  similarity: (qi: number, ci: number) => number,
): number {
  const nq = query.length;
  const nc = candidate.length;
  if (nq === 0 || nc === 0) return 0;
  const size = nq * nc;
  const matrix = size <= SCRATCH ? scratchMatrix : new Float64Array(size);
  const usedQ = nq <= SCRATCH ? scratchUsedQ : new Uint8Array(nq);
  const usedC = nc <= SCRATCH ? scratchUsedC : new Uint8Array(nc);
  usedQ.fill(0, 0, nq);
  usedC.fill(0, 0, nc);
  for (let q = 0; q < nq; q++) for (let c = 0; c < nc; c++) matrix[q * nc + c] = similarity(q, c);
  // Pairs of the same word or a likely typo, and near pairs of a query word the lists know.
  let firm = 0;
  let near = 0;
  let denominator = 0;
  let found = 0;
  // Best pairs first, each token used once (a handful of rounds: names have few words).
  for (;;) {
    let best = 0;
    let bq = -1;
    let bc = -1;
    for (let q = 0; q < nq; q++) {
      if (usedQ[q] === 1) continue;
      for (let c = 0; c < nc; c++) {
        const score = matrix[q * nc + c] ?? 0;
        if (score > best && usedC[c] === 0) {
          best = score;
          bq = q;
          bc = c;
        }
      }
    }
    const q = query[bq];
    const c = candidate[bc];
    if (q === undefined || c === undefined) break;
    usedQ[bq] = 1;
    usedC[bc] = 1;
    if (best === 1 || !q.listed) firm += best * (q.weight + c.weight);
    else near += best * (q.weight + c.weight);
    denominator += q.weight + c.weight;
    if (q.strong && c.strong && best >= FOUND) found++;
  }
  let candidateStrong = 0;
  let partial = false;
  for (let c = 0; c < nc; c++) {
    const token = candidate[c];
    if (token === undefined) continue;
    if (token.strong) candidateStrong++;
    if (usedC[c] === 0) {
      denominator += token.weight * UNMATCHED_LIST_TOKEN_COST;
      if (token.strong) partial = true;
    }
  }
  for (let q = 0; q < nq; q++) {
    const token = query[q];
    if (token === undefined || usedQ[q] === 1) continue;
    denominator += token.weight * (token.optional ? UNMATCHED_LIST_TOKEN_COST : 1);
  }
  if (denominator === 0) return 0;
  const score = (firm + near * (partial ? PARTIAL_NEAR_FACTOR : 1)) / denominator;
  return found < Math.min(2, candidateStrong) ? score * SINGLE_WORD_PENALTY : score;
}

/** The same letters, spaced differently ("Jin Zhengen" / "Jin Zheng En"): nearly the same name. */
export const COMPACT_SCORE = 0.95;

/** Tokens joined: two names with equal compacts differ only in where the spaces fall. */
export const compactOf = (tokens: readonly string[]): string => tokens.join('');

/** Score of two free-text names (the first as the query), for tests and one-off comparisons. */
export function scoreNames(query: string, listed: string): number {
  const q = nameTokens(query);
  const c = nameTokens(listed);
  const queryTokens = q.map((text) => ({ ...weightedToken(text), optional: false, listed: false }));
  const listTokens = c.map(weightedToken);
  const aligned = scoreAlignment(queryTokens, listTokens, (qi, ci) =>
    tokenSimilarity(queryTokens[qi]?.text ?? '', listTokens[ci]?.text ?? ''),
  );
  const compact = compactOf(q);
  return compact.length > 0 && compact === compactOf(c) ? Math.max(aligned, COMPACT_SCORE) : aligned;
}
