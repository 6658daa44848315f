// Every distinct canonical token of the loaded names, interned once. Names store token ids;
// a query looks up the vocabulary tokens similar to each of its words through blocking keys
// (tens of tokens), then the names holding those tokens, rather than comparing every name.
import { blockingKeys } from './blocking';
import { PostingLists } from './postings';
import { editBudget, tokenSimilarity, type WeightedToken, weightedToken } from './score';

export interface SimilarToken {
  id: number;
  score: number;
}

/** Bits of the letters a word holds (a-z, and one bit for any digit). */
function letterMask(text: string): number {
  let mask = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 97 && code <= 122) mask |= 1 << (code - 97);
    else if (code >= 48 && code <= 57) mask |= 1 << 26;
  }
  return mask;
}

function bitCount(value: number): number {
  let v = value - ((value >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

const isArticled = (text: string) => text.length >= 5 && text.startsWith('al');

/**
 * Whether two words are too far apart for tokenSimilarity to accept them: an edit changes the
 * set of letters a word holds by two at most, so more differing letters than twice the edit
 * budget rule the pair out without running Jaro-Winkler.
 */
function clearlyApart(a: string, maskA: number, b: string, maskB: number): boolean {
  if (a.length === 1 || b.length === 1 || isArticled(a) !== isArticled(b)) return false;
  const budget = editBudget(Math.min(a.length, b.length));
  return Math.abs(a.length - b.length) > budget || bitCount(maskA ^ maskB) > 2 * budget;
}

/** How many words' similar-token lists a vocabulary remembers (queries repeat common names). */
const SIMILAR_MEMO_LIMIT = 20_000;
/** Query words whose similarities sit in the flat table; later ones (long entity names) use a map. */
const TABLE_WORDS = 8;

export class Vocabulary {
  readonly texts: string[] = [];
  readonly weighted: WeightedToken[] = [];
  private readonly masks: number[] = [];
  private readonly ids = new Map<string, number>();
  private keys: PostingLists<string> | null = null;
  private readonly memo = new Map<string, SimilarToken[]>();
  // Per-query table of word × token similarities, valid where its stamp is the query's.
  private tableValues = new Float32Array(0);
  private tableStamps = new Int32Array(0);
  private tableStamp = 0;

  /** Whether a canonical token is a word of the loaded names. */
  has(text: string): boolean {
    return this.ids.has(text);
  }

  get size(): number {
    return this.texts.length;
  }

  intern(text: string): number {
    const known = this.ids.get(text);
    if (known !== undefined) return known;
    const id = this.texts.length;
    this.ids.set(text, id);
    this.texts.push(text);
    this.weighted.push(weightedToken(text));
    this.masks.push(letterMask(text));
    this.keys = null;
    this.memo.clear();
    return id;
  }

  /** Builds the key index now rather than on the first query (the index is built once). */
  seal(): void {
    this.keyIndex();
  }

  private keyIndex(): PostingLists<string> {
    if (this.keys !== null) return this.keys;
    const building = new Map<string, number[]>();
    this.texts.forEach((text, id) => {
      for (const key of blockingKeys(text)) {
        const list = building.get(key);
        if (list) list.push(id);
        else building.set(key, [id]);
      }
    });
    this.keys = PostingLists.from(building);
    return this.keys;
  }

  /** The vocabulary tokens plausibly the same word as `text` (tokenSimilarity above 0). */
  similar(text: string): readonly SimilarToken[] {
    const remembered = this.memo.get(text);
    if (remembered !== undefined) return remembered;
    const index = this.keyIndex();
    const mask = letterMask(text);
    const found = new Map<number, number>();
    const exact = this.ids.get(text);
    if (exact !== undefined) found.set(exact, 1);
    for (const key of blockingKeys(text)) {
      for (const id of index.get(key)) {
        if (found.has(id)) continue;
        const other = this.texts[id] ?? '';
        found.set(
          id,
          clearlyApart(text, mask, other, this.masks[id] ?? 0) ? 0 : tokenSimilarity(text, other),
        );
      }
    }
    const similar = [...found].flatMap(([id, score]) => (score > 0 ? [{ id, score }] : []));
    if (this.memo.size >= SIMILAR_MEMO_LIMIT) this.memo.clear();
    this.memo.set(text, similar);
    return similar;
  }

  /**
   * A reader of query word × vocabulary token similarity for one query: the words' similar
   * tokens are entered up front; any other pair (a particle, a spelling the keys do not reach)
   * is compared on first read and kept for the rest of the query. Valid until the next call.
   */
  similarity(
    words: readonly string[],
    similar: readonly (readonly SimilarToken[])[],
  ): (qi: number, id: number) => number {
    const size = this.texts.length;
    if (this.tableStamps.length !== size * TABLE_WORDS) {
      this.tableValues = new Float32Array(size * TABLE_WORDS);
      this.tableStamps = new Int32Array(size * TABLE_WORDS);
      this.tableStamp = 0;
    }
    if (this.tableStamp >= 0x3fffffff) {
      this.tableStamp = 0;
      this.tableStamps.fill(0);
    }
    const stamp = ++this.tableStamp;
    const values = this.tableValues;
    const stamps = this.tableStamps;
    similar.forEach((tokens, qi) => {
      if (qi >= TABLE_WORDS) return;
      for (const { id, score } of tokens) {
        values[qi * size + id] = score;
        stamps[qi * size + id] = stamp;
      }
    });
    const overflow = new Map<number, number>();
    return (qi, id) => {
      const slot = qi * size + id;
      if (qi < TABLE_WORDS && stamps[slot] === stamp) return values[slot] ?? 0;
      const key = id * 1024 + qi;
      const known = qi < TABLE_WORDS ? undefined : overflow.get(key);
      if (known !== undefined) return known;
      const value = tokenSimilarity(words[qi] ?? '', this.texts[id] ?? '');
      if (qi < TABLE_WORDS) {
        values[slot] = value;
        stamps[slot] = stamp;
      } else {
        overflow.set(key, value);
      }
      return value;
    };
  }
}
