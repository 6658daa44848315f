// Recovery codes of the console's second factor (issue 32): ten single-use codes shown once at
// enrolment, stored as SHA-256 hashes. Each carries 50 random bits (ten base32 characters), far
// beyond what the sign-in throttle lets anyone guess, so a plain hash is enough to keep a
// database reader from using them (a slow hash guards low-entropy secrets, which these are not).
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export const RECOVERY_CODE_COUNT = 10;
const ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789'; // 32 symbols, no 0/o, 1/l

/** One code, `xxxxx-xxxxx`, easy to read aloud and to type. */
function newCode(): string {
  const bytes = randomBytes(10);
  const chars = [...bytes].map((byte) => ALPHABET[byte % 32]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** How a code is compared: case, spaces and dashes do not matter. */
export function normalizeRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]+/g, '');
}

export function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(normalizeRecoveryCode(code)).digest('hex');
}

/** Ten new codes and their hashes, in the same order. */
export function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
  return { codes, hashes: codes.map(hashRecoveryCode) };
}

/** The index of the stored hash this code matches, or -1; compared in constant time per hash. */
export function matchRecoveryCode(code: string, hashes: readonly string[]): number {
  const candidate = Buffer.from(hashRecoveryCode(code), 'hex');
  let found = -1;
  hashes.forEach((hash, index) => {
    const stored = Buffer.from(hash, 'hex');
    if (stored.length === candidate.length && timingSafeEqual(stored, candidate) && found === -1)
      found = index;
  });
  return found;
}
