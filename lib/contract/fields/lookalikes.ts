// Folds Unicode confusables to the ASCII characters they imitate (Unicode TR39 skeleton data via
// `unhomoglyph`, which ships confusables.txt), never transliterating: Cyrillic `х` becomes `x`,
// not `kh`.
import unhomoglyph from 'unhomoglyph';

const ASCII = /^[\x20-\x7e]+$/;
const IGNORABLE = /\p{Default_Ignorable_Code_Point}/gu;
// A "word" is a run of letters, marks and digits; everything else is folded one character at a time.
const WORD = /[\p{L}\p{M}\p{N}]+/gu;
const LATIN_OR_MARK = /^[\p{Script=Latin}\p{M}]$/u;

const cache = new Map<string, string | null>();

/** The ASCII prototype of one non-ASCII character, or null when it imitates nothing in ASCII. */
function asciiPrototype(char: string): string | null {
  const cached = cache.get(char);
  if (cached !== undefined) return cached;
  let result: string | null = null;
  const proto = unhomoglyph(char);
  if (proto !== char && ASCII.test(proto)) {
    result = proto;
    // TR39 prototypes are case-blind (Greek `Ι` maps to `l`); an upper-case source should stay
    // upper case, so fold its lower-case form and raise the result.
    const lower = char.toLowerCase();
    if (lower !== char && proto !== proto.toUpperCase()) {
      const lowerProto = unhomoglyph(lower);
      if (lowerProto !== lower && ASCII.test(lowerProto)) result = lowerProto.toUpperCase();
    }
  }
  cache.set(char, result);
  return result;
}

function foldChars(text: string): string {
  let out = '';
  for (const char of text) {
    out += char.charCodeAt(0) < 0x80 ? char : (asciiPrototype(char) ?? char);
  }
  return out;
}

/** A word folds only when it reads as ASCII/Latin text: genuine Cyrillic or Greek words stay as written. */
function foldWord(word: string): string {
  for (const char of word) {
    if (char.charCodeAt(0) < 0x80 || LATIN_OR_MARK.test(char)) continue;
    if (asciiPrototype(char) === null) return word;
  }
  return foldChars(word);
}

/**
 * NFKC (fullwidth and mathematical letters, ligatures), drops invisible default-ignorable code
 * points, then replaces lookalikes with their ASCII prototype. Case is preserved.
 */
export function foldLookalikes(input: string): string {
  const text = input.normalize('NFKC').replace(IGNORABLE, '');
  let out = '';
  let last = 0;
  for (const match of text.matchAll(WORD)) {
    const start = match.index;
    out += foldChars(text.slice(last, start)) + foldWord(match[0]);
    last = start + match[0].length;
  }
  return out + foldChars(text.slice(last));
}
