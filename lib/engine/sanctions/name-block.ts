// The names of one kind of party (people, or organisations, vessels and aircraft) with their
// postings: vocabulary token id → names holding it, and compact form → names. A query scores
// only the names that hold tokens similar to enough of its words to possibly reach the threshold.
import { PostingLists } from './postings';
import {
  COMPACT_SCORE,
  compactOf,
  type QueryToken,
  SINGLE_WORD_PENALTY,
  scoreAlignment,
  UNMATCHED_LIST_TOKEN_COST,
  type WeightedToken,
} from './score';
import type { SimilarToken, Vocabulary } from './vocabulary';

export interface NameHit {
  /** Index of the entry, as the block's owner numbered it. */
  entry: number;
  /** Block-local id of the name (publishedName reads it back). */
  name: number;
  score: number;
}

/**
 * The best score a list name with `listStrong` name words can reach when `hits` of the query's
 * name words have a similar token in it: those words matched exactly, the query's particles
 * and legal forms too, the required words first, and nothing else. Mirrors scoreAlignment.
 */
export function scoreBound(query: readonly QueryToken[]): (hits: number, listStrong: number) => number {
  const byStrongWords = query.some((token) => token.strong);
  let required = 0;
  let optional = 0;
  let weak = 0;
  for (const token of query) {
    if (byStrongWords && !token.strong) weak += token.weight;
    else if (token.optional) optional += 1;
    else required += 1;
  }
  return (hits, listStrong) => {
    const missingRequired = Math.max(0, required - hits);
    const missingOptional = Math.max(0, optional - Math.max(0, hits - required));
    const matched = 2 * hits + 2 * weak;
    const missing =
      missingRequired + UNMATCHED_LIST_TOKEN_COST * (missingOptional + Math.max(0, listStrong - hits));
    const bound = matched / (matched + missing);
    return hits < Math.min(2, listStrong) ? bound * SINGLE_WORD_PENALTY : bound;
  };
}

/** A block's names while it is being built, before seal() packs them. */
interface Building {
  entryOf: number[];
  alias: number[];
  strong: number[];
  tokenStart: number[];
  tokenIds: number[];
  byToken: Map<number, number[]>;
  byCompact: Map<string, number[]>;
}

export class NameBlock {
  private building: Building | null = {
    entryOf: [],
    alias: [],
    strong: [],
    tokenStart: [0],
    tokenIds: [],
    byToken: new Map(),
    byCompact: new Map(),
  };
  // Per name, packed by seal(): its entry, whether it is an alias, how many name words (strong
  // tokens) it has, and its token ids (tokenStart[n] to tokenStart[n + 1] in tokenIds).
  private entryOf = new Int32Array(0);
  private alias = new Uint8Array(0);
  private strong = new Uint8Array(0);
  private tokenStart = new Int32Array(0);
  private tokenIds = new Int32Array(0);
  private readonly published: string[] = [];
  private byToken = PostingLists.empty<number>();
  private byCompact = PostingLists.empty<string>();
  // Per-query scratch: hits per name, and the query word that last counted for it (a name
  // counts once per query word, however many similar tokens it holds).
  private hits = new Uint8Array(0);
  private lastWord = new Int32Array(0);
  private stamp = 0;

  constructor(private readonly vocabulary: Vocabulary) {}

  get size(): number {
    return this.published.length;
  }

  add(entry: number, published: string, alias: boolean, tokens: readonly string[]): void {
    const building = this.building;
    if (building === null || tokens.length === 0) return;
    const id = this.published.length;
    const ids = tokens.map((token) => this.vocabulary.intern(token));
    this.published.push(published);
    building.entryOf.push(entry);
    building.alias.push(alias ? 1 : 0);
    building.strong.push(ids.filter((tokenId) => this.vocabulary.weighted[tokenId]?.strong).length);
    building.tokenIds.push(...ids);
    building.tokenStart.push(building.tokenIds.length);
    for (const tokenId of new Set(ids)) {
      const list = building.byToken.get(tokenId);
      if (list) list.push(id);
      else building.byToken.set(tokenId, [id]);
    }
    const compact = compactOf(tokens);
    const list = building.byCompact.get(compact);
    if (list) list.push(id);
    else building.byCompact.set(compact, [id]);
  }

  /** Packs the names and postings into typed arrays and sizes the per-query scratch. */
  seal(): void {
    const building = this.building;
    if (building === null) return;
    this.building = null;
    this.byToken = PostingLists.from(building.byToken);
    this.byCompact = PostingLists.from(building.byCompact);
    this.entryOf = Int32Array.from(building.entryOf);
    this.alias = Uint8Array.from(building.alias);
    this.strong = Uint8Array.from(building.strong, (count) => Math.min(255, count));
    this.tokenStart = Int32Array.from(building.tokenStart);
    this.tokenIds = Int32Array.from(building.tokenIds);
    this.hits = new Uint8Array(this.size);
    this.lastWord = new Int32Array(this.size);
  }

  private nextStamp(): number {
    // Wrap long before Int32 overflow; clearing the marks makes stale stamps harmless.
    if (this.stamp >= 0x3fffffff) {
      this.stamp = 0;
      this.lastWord.fill(0);
    }
    this.stamp += 1;
    return this.stamp;
  }

  /** Every name scoring at least `threshold` against the query. */
  search(queryTokens: readonly QueryToken[], threshold: number): NameHit[] {
    this.seal();
    const query = queryTokens.map((token) => ({ ...token, listed: this.vocabulary.has(token.text) }));
    const similar: (readonly SimilarToken[])[] = query.map(() => []);
    const touched: number[] = [];
    const strongWords = query.some((token) => token.strong);
    let words = 0;
    query.forEach((token, qi) => {
      if (strongWords && !token.strong) return;
      words++;
      const stamp = this.nextStamp();
      const tokens = this.vocabulary.similar(token.text);
      similar[qi] = tokens;
      for (const { id } of tokens) {
        for (const name of this.byToken.get(id)) {
          if (this.lastWord[name] === stamp) continue;
          this.lastWord[name] = stamp;
          const count = this.hits[name] ?? 0;
          if (count === 0) touched.push(name);
          this.hits[name] = Math.min(254, count + 1);
        }
      }
    });
    const compact = compactOf(query.map((token) => token.text));
    for (const name of this.byCompact.get(compact)) {
      if ((this.hits[name] ?? 0) === 0) touched.push(name);
      this.hits[name] = 255;
    }
    const bound = scoreBound(query);
    const similarity = this.vocabulary.similarity(
      query.map((token) => token.text),
      similar,
    );
    const found: NameHit[] = [];
    for (const name of touched) {
      const hits = this.hits[name] ?? 0;
      this.hits[name] = 0;
      if (hits !== 255 && bound(Math.min(hits, words), this.strong[name] ?? 0) < threshold) continue;
      const score = this.score(query, name, similarity, hits === 255);
      if (score >= threshold) found.push({ entry: this.entryOf[name] ?? -1, name, score });
    }
    return found;
  }

  private score(
    query: readonly QueryToken[],
    name: number,
    similarity: (qi: number, tokenId: number) => number,
    sameCompact: boolean,
  ): number {
    const start = this.tokenStart[name] ?? 0;
    const end = this.tokenStart[name + 1] ?? start;
    const ids: number[] = [];
    const tokens: WeightedToken[] = [];
    for (let i = start; i < end; i++) {
      const tokenId = this.tokenIds[i] ?? -1;
      const token = this.vocabulary.weighted[tokenId];
      if (token === undefined) continue;
      ids.push(tokenId);
      tokens.push(token);
    }
    const aligned = scoreAlignment(query, tokens, (qi, ci) => similarity(qi, ids[ci] ?? -1));
    return sameCompact ? Math.max(aligned, COMPACT_SCORE) : aligned;
  }

  publishedName(name: number): { name: string; alias: boolean } {
    return { name: this.published[name] ?? '', alias: this.alias[name] === 1 };
  }
}
