// Whether a string (an email local part, a username) reflects a person's name.
import type { NameInput } from '../types';

/** Lowercase ASCII letters only, accents dropped: "Zoë O'Brien" gives "zoeobrien". */
export function asciiLetters(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');
}

export interface NameParts {
  /** Given-name words of two letters or more, plus the joined form of a multi-word name. */
  given: string[];
  family: string[];
  /** Initials patterns: given + family, and given + middle + family when there is a middle. */
  initials: string[];
}

function words(part: string | null): string[] {
  if (part === null) return [];
  const each = part
    .split(/[\s-]+/)
    .map(asciiLetters)
    .filter((word) => word.length >= 2);
  const joined = asciiLetters(part);
  return each.length > 1 && joined.length >= 2 ? [...each, joined] : each;
}

/** The usable parts of a name, or null when neither given nor family has two letters. */
export function nameParts(name: NameInput | null): NameParts | null {
  if (name === null) return null;
  const given = words(name.given);
  const family = words(name.family);
  if (given.length === 0 && family.length === 0) return null;
  const first = (part: string | null) => asciiLetters(part ?? '').slice(0, 1);
  const [g, m, f] = [first(name.given), first(name.middle), first(name.family)];
  const initials = g !== '' && f !== '' ? [g + f, ...(m !== '' ? [g + m + f] : [])] : [];
  return { given, family, initials };
}

export type NameMatch = 'given' | 'family' | 'initials';

/**
 * How `text` reflects the name: it contains a given or family name word (jsmith, john.s,
 * smith84), or its letters are exactly the initials (js, jds, js1984).
 */
export function matchName(text: string, parts: NameParts): NameMatch | null {
  const letters = asciiLetters(text);
  const tokens = text.split(/[^\p{L}]+/u).map(asciiLetters);
  // A two-letter name (Al, Li) inside a longer string is mostly chance: it must open or close a token.
  const holds = (word: string) =>
    word.length >= 3 ? letters.includes(word) : tokens.some((t) => t.startsWith(word) || t.endsWith(word));
  if (parts.given.some(holds)) return 'given';
  if (parts.family.some(holds)) return 'family';
  return parts.initials.includes(letters) ? 'initials' : null;
}
