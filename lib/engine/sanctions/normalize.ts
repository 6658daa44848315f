// Name normalisation for sanctions screening: one canonical token list per name, so that case,
// accents, scripts, punctuation, "LAST, First" order, honorifics and the common transliteration
// variants (Mohammed/Muhammad, Abdul/Abd al-) no longer tell two spellings of a name apart.
import anyAscii from 'any-ascii';
import { HONORIFICS, LEGAL_FORM_GROUPS, PARTICLES, SPELLING_GROUPS } from './variants';

/**
 * Spelling folds that transliterations disagree on, applied to every token on both sides:
 * ph/f, x/ks, q/k, dj/j, ou/u, oo/u, ee/i, dh/d, a non-initial y as i, a final vowel's h,
 * and doubled letters. They lose a little distinctness ("Ana"/"Anna") for a lot of recall.
 */
export function foldSpelling(token: string): string {
  const known = folded.get(token);
  if (known !== undefined) return known;
  const value = fold(token);
  // A bounded memo: list names and queries repeat the same words endlessly.
  if (folded.size >= FOLD_MEMO_LIMIT) folded.clear();
  folded.set(token, value);
  return value;
}

const FOLD_MEMO_LIMIT = 100_000;
const folded = new Map<string, string>();

function fold(token: string): string {
  let t = token
    .replace(/ph/g, 'f')
    .replace(/x/g, 'ks')
    .replace(/q/g, 'k')
    .replace(/dj/g, 'j')
    .replace(/dh/g, 'd')
    .replace(/tch/g, 'ch')
    .replace(/ck/g, 'k')
    .replace(/ou/g, 'u')
    .replace(/oo/g, 'u')
    .replace(/ee/g, 'i');
  if (t.length > 1) t = t.charAt(0) + t.slice(1).replace(/y/g, 'i');
  t = t.replace(/([aeiou])h$/, '$1').replace(/ij$/, 'i');
  return t.replace(/([a-z])\1+/g, '$1');
}

function groupMap(
  groups: readonly (readonly string[])[],
  key: (spelling: string) => string,
): ReadonlyMap<string, string> {
  const map = new Map<string, string>();
  for (const [canonical, ...variants] of groups) {
    if (canonical === undefined) continue;
    const target = key(canonical);
    for (const spelling of [canonical, ...variants]) map.set(key(spelling), target);
  }
  return map;
}

// Spelling groups are looked up by folded spelling; legal forms, particles and honorifics by
// the word as written (folding "Too" or "Siir" would turn a name into a filler word).
const SPELLINGS = groupMap(SPELLING_GROUPS, foldSpelling);
const LEGAL_FORMS = groupMap(LEGAL_FORM_GROUPS, (spelling) => spelling);
const LEGAL_FORM_SET: ReadonlySet<string> = new Set(LEGAL_FORMS.values());
// Longer legal words are also recognised misspelt the way transliterations do (Limmited).
const FOLDED_LEGAL_FORMS = new Map(
  [...LEGAL_FORMS].filter(([word]) => word.length >= 5).map(([word, form]) => [foldSpelling(word), form]),
);

/** Words after a comma that mean the comma does not separate "LAST, First" (Acme, Ltd.). */
const NOT_GIVEN_NAMES: ReadonlySet<string> = new Set([...LEGAL_FORM_GROUPS.flat(), 'jr', 'sr', 'ii', 'iii']);

/**
 * "LAST, First Middle" in display order ("First Middle LAST"); a name without a comma, or whose
 * comma introduces a legal form or suffix ("ACME, S.A.", "Smith, Jr."), keeps its order.
 */
export function displayOrder(name: string): string {
  const comma = name.indexOf(',');
  if (comma < 0) return name.trim();
  const last = name.slice(0, comma).trim();
  const rest = name.slice(comma + 1).trim();
  const firstWord = (rest.split(/[\s,]+/)[0] ?? '').toLowerCase().replace(/\./g, '');
  if (last === '' || rest === '' || NOT_GIVEN_NAMES.has(firstWord)) {
    return `${last} ${rest}`.replace(/,/g, ' ').replace(/\s+/g, ' ').trim();
  }
  return `${rest.replace(/,/g, ' ')} ${last}`.replace(/\s+/g, ' ').trim();
}

// Scripts written without spaces between the syllables any-ascii spells in capitals (金正恩 → JinZhengEn).
const SYLLABIC = /[\p{Script=Han}\p{Script=Hangul}\p{Script=Hiragana}\p{Script=Katakana}]/u;

/** Lower-case ASCII with accents stripped and other scripts transliterated; punctuation kept. */
export function foldText(text: string): string {
  if (/^[\x20-\x7e]*$/.test(text)) return text.toLowerCase();
  const stripped = text.normalize('NFKD').replace(/\p{M}/gu, '');
  let ascii = anyAscii(stripped);
  if (SYLLABIC.test(stripped)) ascii = ascii.replace(/([a-z])([A-Z])/g, '$1 $2');
  return ascii.toLowerCase();
}

// Arabic definite articles: al/el/ul, and the assimilated forms before "sun letters"
// (ar-Rahman, ad-Din, as-Salam), recognised only when the next word starts with that letter.
const ARTICLES: ReadonlySet<string> = new Set(['al', 'el', 'ul', 'ol']);
const ASSIMILATED = /^[au](d|r|s|sh|t|z|n)$/;
// Abdul, Abdel, Abdur... written as one word with what follows: Abdulrahman, Abdurrahman.
const ABD_PREFIX = /^abd(?:ul|el|al|ol|u|e|a)?/;

function isArticle(token: string, next: string | undefined): boolean {
  if (next === undefined) return false;
  if (ARTICLES.has(token)) return true;
  const assimilated = ASSIMILATED.exec(token);
  return assimilated?.[1] !== undefined && next.startsWith(assimilated[1]);
}

/** "abdulrahman" → ["abd", "alrahman"]; "abdul" (alone) → ["abd", "al"] so the article glues on. */
function splitAbd(token: string): string[] {
  const match = ABD_PREFIX.exec(token);
  if (match === null) return [token];
  const head = match[0];
  const rest = token.slice(head.length);
  if (rest === '') return head === 'abd' ? [token] : ['abd', 'al'];
  if (head === 'abd') {
    // abdurrahman, abdussalam: an assimilated article spelled into the word.
    const assimilated = /^([au])(d|r|s|t|z|n)\2/.exec(rest);
    return assimilated ? ['abd', `al${rest.slice(2)}`] : [token];
  }
  return rest.length >= 3 ? ['abd', `al${rest}`] : [token];
}

/** Glues each article to the word it introduces: "abd al rahman" → "abd alrahman". */
function glueArticles(tokens: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] ?? '';
    const next = tokens[i + 1];
    if (next !== undefined && isArticle(token, next)) {
      out.push(`al${next}`);
      i++;
      continue;
    }
    // A trailing article ("Abdul" split as abd + al) introduces nothing.
    if (next === undefined && ARTICLES.has(token) && out.length > 0) continue;
    out.push(token);
  }
  return out;
}

function canonical(word: string, index: number, spellings: boolean): string {
  if (word === 'ben' && index > 0) return 'bin';
  const legal = LEGAL_FORMS.get(word);
  if (legal !== undefined) return legal;
  if (PARTICLES.has(word)) return word;
  const folded = foldSpelling(word);
  const foldedLegal = word.length >= 5 ? FOLDED_LEGAL_FORMS.get(folded) : undefined;
  return foldedLegal ?? (spellings ? SPELLINGS.get(folded) : undefined) ?? folded;
}

/** The raw words of a folded name: abbreviations closed up (S.A. → sa), apostrophes dropped. */
function words(folded: string): string[] {
  return folded
    .replace(/\b(?:[a-z]\.){2,}/g, (abbreviation) => `${abbreviation.replace(/\./g, '')} `)
    .replace(/['`\u2018\u2019\u02bc\u02bb]/g, '')
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '');
}

/**
 * A name as canonical tokens, in display order. Honorifics are dropped unless nothing else is
 * left; particles and legal forms stay (tokenKind gives them little weight). With
 * `spellings: false` the words keep their own folded spelling instead of the group's canonical
 * one (Mohammed stays "mohamed"), which the index also files so that a typo in a variant
 * spelling is still one edit away from something listed.
 */
export function nameTokens(name: string, options: { spellings?: boolean } = {}): string[] {
  const raw = words(foldText(displayOrder(name)));
  const named = raw.filter((word) => !HONORIFICS.has(word));
  const kept = named.length > 0 ? named : raw;
  // A listed spelling (Abdullah) stays whole; other Abd- words split so the article glues on.
  const split = kept.flatMap((word) => (SPELLINGS.has(foldSpelling(word)) ? [word] : splitAbd(word)));
  const glued = glueArticles(split);
  return glued.map((word, index) => canonical(word, index, options.spellings ?? true));
}

export type TokenKind = 'strong' | 'particle' | 'legal' | 'initial';

/** What a canonical token says about identity: a name word, an initial, or filler. */
export function tokenKind(token: string): TokenKind {
  if (PARTICLES.has(token)) return 'particle';
  if (LEGAL_FORM_SET.has(token)) return 'legal';
  if (token.length === 1) return 'initial';
  return 'strong';
}

/** Normalised free text for comparing places (cities): folded tokens joined by one space. */
export function placeKey(text: string): string {
  return words(foldText(text)).join(' ');
}
