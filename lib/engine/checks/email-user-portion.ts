// Classifies an email local part for EMAIL_USER_PORTION.
import roles from 'role-based-email-addresses';
import { looksRandom } from './looks-random';
import { matchName, type NameParts } from './name-match';

export type UserPortionType = 'NAME_BASED' | 'ROLE' | 'NUMERIC' | 'RANDOM' | 'OTHER';

const ROLES = new Set<string>(roles);

export interface UserPortion {
  type: UserPortionType;
  /** Why, without the local part itself: descriptions are stored and shown to analysts. */
  reason: string;
}

/**
 * In this order: a role mailbox; the person's own name; mostly digits; a machine-made string;
 * name-like tokens (given.family, j_doe); else OTHER. The +tag of sub-addressing is dropped
 * first: it is chosen per shop, not per person.
 */
export function classifyLocalPart(localPart: string, name: NameParts | null): UserPortion {
  const base = (localPart.split('+')[0] ?? '').toLowerCase();
  if (ROLES.has(base)) return { type: 'ROLE', reason: 'is a role mailbox, not a person' };

  const match = name === null ? null : matchName(base, name);
  if (match === 'initials') return { type: 'NAME_BASED', reason: "is the person's initials" };
  if (match !== null) return { type: 'NAME_BASED', reason: `contains the ${match} name` };

  const alnum = base.replace(/[^a-z0-9]/g, '');
  const digits = alnum.replace(/[^0-9]/g, '').length;
  if (alnum.length > 0 && digits * 2 > alnum.length) {
    return { type: 'NUMERIC', reason: 'is mostly digits' };
  }
  if (looksRandom(base)) return { type: 'RANDOM', reason: 'looks machine-generated' };
  if (isNameLike(base)) return { type: 'NAME_BASED', reason: 'reads as name tokens' };
  return { type: 'OTHER', reason: 'is neither a name, a role, digits nor random' };
}

/**
 * Two or three tokens of letters joined by . _ or - (john.smith, j_doe, mary-jane.roe), with
 * trailing digits allowed (john.smith84): the usual shape of a personal address.
 */
function isNameLike(base: string): boolean {
  const tokens = base.replace(/[0-9]+$/, '').split(/[._-]/);
  return (
    tokens.length >= 2 &&
    tokens.length <= 3 &&
    tokens.every((token) => /^[a-z]+$/.test(token)) &&
    tokens.some((token) => token.length >= 2)
  );
}
