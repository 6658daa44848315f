// Candidate blocking keys for the screening index: a name is only scored when it shares keys
// with the query, so one screening touches a few hundred names instead of every listed one.

// Soundex consonant classes; vowels, h, w and y are 0 (they separate repeated classes or not).
const CLASSES: Readonly<Record<string, string>> = {
  b: '1',
  f: '1',
  p: '1',
  v: '1',
  c: '2',
  g: '2',
  j: '2',
  k: '2',
  q: '2',
  s: '2',
  x: '2',
  z: '2',
  d: '3',
  t: '3',
  l: '4',
  m: '5',
  n: '5',
  r: '6',
};

/**
 * A Soundex-like key: the first letter (vowels as one class, c/k as one) and up to three
 * consonant classes. Transliterations that differ in vowels (Usama/Osama) share it.
 */
export function phoneticKey(token: string): string {
  const first = token.charAt(0);
  let key = /[aeiouy]/.test(first) ? 'a' : first === 'c' ? 'k' : first;
  let previous = CLASSES[first] ?? '';
  for (let i = 1; i < token.length && key.length < 4; i++) {
    const ch = token.charAt(i);
    const code = CLASSES[ch];
    if (code === undefined) {
      // A vowel separates two letters of one class (soundex); h and w do not.
      if (ch !== 'h' && ch !== 'w') previous = '';
      continue;
    }
    if (code !== previous) key += code;
    previous = code;
  }
  return key;
}

/** The consonants of a word in order, repeats collapsed: vowel typos and swaps keep it. */
export function consonantSkeleton(token: string): string {
  return token.replace(/[aeiouy]/g, '').replace(/(.)\1+/g, '$1');
}

/**
 * The keys one name token is filed under: its phonetic key; its consonant skeleton (two
 * consonants or more), which survives a vowel typo or a transposition the phonetic key does
 * not; its first and its last three letters (four letters or more), one of which survives any
 * single typo in a longer word; and, for a word with a glued article (alzawahiri), the
 * phonetic key without it.
 */
export function blockingKeys(token: string): string[] {
  const keys = [`p:${phoneticKey(token)}`];
  const skeleton = consonantSkeleton(token);
  if (skeleton.length >= 2) keys.push(`k:${skeleton}`);
  if (token.length >= 4) keys.push(`f:${token.slice(0, 3)}`, `s:${token.slice(-3)}`);
  if (token.length >= 5 && token.startsWith('al')) keys.push(`p:${phoneticKey(token.slice(2))}`);
  return keys;
}
