// Perturbed spellings of listed names for the screening benchmark (scripts/bench-screening.ts).
// The rules are written independently of the engine's normaliser (lib/engine/sanctions), so
// recall measures how well it copes with spellings it was not built from.

/** A seeded PRNG (mulberry32): the same seed gives the same sample and the same perturbations. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Random = () => number;

const pick = <T>(random: Random, items: readonly T[]): T | undefined =>
  items[Math.floor(random() * items.length)];
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

const words = (name: string): string[] => name.split(/\s+/).filter((word) => word !== '');

/** One edit (substitution, deletion, insertion or transposition) in one word of four letters or more. */
export function typo(name: string, random: Random): string | null {
  const parts = words(name);
  const eligible = parts.flatMap((word, index) => (/^\p{L}{4,}$/u.test(word) ? [index] : []));
  const index = pick(random, eligible);
  if (index === undefined) return null;
  const word = parts[index] ?? '';
  const at = Math.floor(random() * word.length);
  const letter = pick(random, [...LETTERS]) ?? 'e';
  const op = Math.floor(random() * 4);
  let edited: string;
  if (op === 0) edited = word.slice(0, at) + letter + word.slice(at + 1);
  else if (op === 1) edited = word.slice(0, at) + word.slice(at + 1);
  else if (op === 2) edited = word.slice(0, at) + letter + word.slice(at);
  else {
    const i = Math.min(at, word.length - 2);
    edited = word.slice(0, i) + word.charAt(i + 1) + word.charAt(i) + word.slice(i + 2);
  }
  if (edited.toLowerCase() === word.toLowerCase()) return null;
  parts[index] = edited;
  return parts.join(' ');
}

/** The words in reverse order ("Ayman AL-ZAWAHIRI" → "AL-ZAWAHIRI Ayman"). */
export function swapped(name: string): string | null {
  const parts = words(name);
  return parts.length < 2 ? null : [...parts].reverse().join(' ');
}

/** One inner word left out, for names of three words or more. */
export function droppedMiddle(name: string, random: Random): string | null {
  const parts = words(name);
  if (parts.length < 3) return null;
  const index = 1 + Math.floor(random() * (parts.length - 2));
  return parts.filter((_, i) => i !== index).join(' ');
}

// Spelling alternations transliterations produce: [pattern, replacement] on lower-case words.
const ALTERNATIONS: readonly [RegExp, string][] = [
  [/^moham+ed$/i, 'Muhammad'],
  [/^muham+ad$/i, 'Mohamed'],
  [/^abdul/i, 'Abdel'],
  [/^abd al-?/i, 'Abdul'],
  [/ou/i, 'u'],
  [/(?<=[bcdfghjklmnprst])u(?=[a-z])/i, 'ou'],
  [/y(?=[a-z])/i, 'i'],
  [/(?<=[a-z])i(?=[aeou])/i, 'y'],
  [/ph/i, 'f'],
  [/(?<=[a-z])f/i, 'ph'],
  [/ks/i, 'x'],
  [/x/i, 'ks'],
  [/ee/i, 'i'],
  [/oo/i, 'u'],
  [/dj/i, 'j'],
  [/(?<=[aeiou])([lmnrst])(?=[aeiou])/i, '$1$1'],
  [/([lmnrst])\1/i, '$1'],
  [/(?<=[a-z])a$/i, 'ah'],
  [/(?<=[a-z])ah$/i, 'a'],
  [/ei/i, 'ey'],
  [/ey/i, 'ei'],
  [/^q/i, 'K'],
  [/^k(?=h)/i, 'K'],
  [/sh/i, 'ch'],
  [/(?<=[a-z])v$/i, 'w'],
];

/** One transliteration alternation applied to one word, or null when none applies. */
export function transliterated(name: string, random: Random): string | null {
  const parts = words(name);
  const options = parts.flatMap((word, index) =>
    ALTERNATIONS.flatMap(([pattern, replacement]) => {
      if (!pattern.test(word)) return [];
      const changed = word.replace(pattern, replacement);
      return changed.toLowerCase() === word.toLowerCase() ? [] : [{ index, changed }];
    }),
  );
  const choice = pick(random, options);
  if (choice === undefined) return null;
  parts[choice.index] = choice.changed;
  return parts.join(' ');
}

const ACCENTS: Readonly<Record<string, string>> = { a: 'á', e: 'é', i: 'í', o: 'ö', u: 'ü', c: 'ç', n: 'ñ' };

/** Case, accents and punctuation changed: lower or upper case, an accent, "LAST, First" or hyphens. */
export function presentation(name: string, random: Random): string | null {
  const parts = words(name);
  if (parts.length === 0) return null;
  let text = random() < 0.5 ? parts.join(' ').toLowerCase() : parts.join(' ').toUpperCase();
  const accentable = [...text].flatMap((ch, i) => (ACCENTS[ch.toLowerCase()] ? [i] : []));
  const at = pick(random, accentable);
  if (at !== undefined) {
    const ch = text.charAt(at);
    const accented = ACCENTS[ch.toLowerCase()] ?? ch;
    text =
      text.slice(0, at) + (ch === ch.toUpperCase() ? accented.toUpperCase() : accented) + text.slice(at + 1);
  }
  const spaced = words(text);
  if (spaced.length >= 2 && random() < 0.5) {
    const last = spaced[spaced.length - 1] ?? '';
    return `${last}, ${spaced.slice(0, -1).join(' ')}`;
  }
  return spaced.join(random() < 0.5 ? '-' : '. ');
}
