import { randomBytes } from 'node:crypto';
import { isScope, SCOPES, type Scope } from '@/lib/contract/scopes';
import { sha256Hex } from '@/lib/crypto/seal';
import { base58 } from '@/lib/ids/ids';

export const KEY_PREFIX = 'vty_';
export { isScope, SCOPES, type Scope };

export interface KeyMaterial {
  /** The secret: shown once, never stored. */
  key: string;
  hash: string;
  /** Display prefix kept for lists: enough to tell keys apart, useless to an attacker. */
  start: string;
}

/** 256 random bits behind a recognisable prefix (secret scanners can spot leaked keys). */
export function generateKey(): KeyMaterial {
  const key = `${KEY_PREFIX}${base58(randomBytes(32))}`;
  return { key, hash: hashKey(key), start: key.slice(0, KEY_PREFIX.length + 6) };
}

export function hashKey(key: string): string {
  return sha256Hex(key);
}
