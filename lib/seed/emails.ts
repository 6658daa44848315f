// Email local parts by the EMAIL_USER_PORTION state they reach (checked in the unit test with
// classifyLocalPart): name-based, numeric, random, role and other.
import { asciiLetters } from '@/lib/engine/checks/name-match';
import type { Rng } from './prng';
import type { SeedName } from './types';

export type LocalStyle = 'name' | 'numeric' | 'random' | 'role' | 'other';

const ROLES = [
  'info',
  'sales',
  'support',
  'admin',
  'contact',
  'billing',
  'office',
  'jobs',
  'marketing',
  'hello',
];
const WORDS = [
  'sunny',
  'blue',
  'happy',
  'silver',
  'lucky',
  'tiger',
  'dragon',
  'stormy',
  'moon',
  'river',
  'coffee',
  'pixel',
];
const TAILS = ['fan', 'lover', 'cat', 'bird', 'rider', 'dreamer', 'walker', 'player', 'hawk', 'cloud'];
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

function nameBased(rng: Rng, name: SeedName, birthYear: number): string {
  const given = asciiLetters(name.given) || 'user';
  const family = asciiLetters(name.family) || 'mail';
  const g = given.slice(0, 1);
  const year = String(birthYear % 100).padStart(2, '0');
  return rng.pick([
    `${given}.${family}`,
    `${given}${family}`,
    `${g}${family}`,
    `${given}_${family}`,
    `${family}.${given}`,
    `${given}.${family}${year}`,
    `${g}.${family}${rng.int(1, 99)}`,
    `${given}${rng.int(10, 9999)}`,
  ]);
}

/** Letters and digits alternating (k3x9q2m): what a signup script makes, never a person. */
function randomString(rng: Rng): string {
  let out = '';
  const length = rng.int(8, 12);
  for (let i = 0; i < length; i++) out += i % 2 === 1 ? String(rng.int(0, 9)) : rng.pick([...LETTERS]);
  return out;
}

export function localPart(rng: Rng, style: LocalStyle, name: SeedName, birthYear: number): string {
  switch (style) {
    case 'name':
      return nameBased(rng, name, birthYear);
    case 'numeric':
      return rng.chance(0.5)
        ? rng.digits(rng.int(6, 10))
        : `${rng.pick([...LETTERS])}${rng.digits(rng.int(6, 9))}`;
    case 'random':
      return randomString(rng);
    case 'role':
      return rng.pick(ROLES);
    case 'other':
      return `${rng.pick(WORDS)}${rng.pick(TAILS)}${rng.chance(0.4) ? rng.int(1, 99) : ''}`;
  }
}

/** A different address for the same person when the first choice is taken by someone else. */
export function disambiguate(rng: Rng, local: string, attempt: number, style: LocalStyle): string {
  if (style === 'role') return `${local}${attempt + 1}`;
  if (style === 'random' || style === 'numeric') return `${local}${rng.digits(2)}`;
  return `${local}${attempt < 3 ? rng.int(1, 99) : rng.int(100, 99_999)}`;
}
