import { randomBytes } from 'node:crypto';

// Base58 (Bitcoin alphabet): no 0/O/I/l, so ids and keys survive being read aloud or retyped.
const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** Encodes bytes as base58 (big-endian, leading zero bytes kept as '1'). */
export function base58(bytes: Uint8Array): string {
  let value = 0n;
  for (const byte of bytes) value = (value << 8n) | BigInt(byte);
  let out = '';
  while (value > 0n) {
    out = ALPHABET.charAt(Number(value % 58n)) + out;
    value /= 58n;
  }
  for (const byte of bytes) {
    if (byte !== 0) break;
    out = `1${out}`;
  }
  return out;
}

export type IdPrefix =
  | 'ws'
  | 'key'
  | 'ses'
  | 'call'
  | 'aud'
  | 'idn'
  | 'per'
  | 'req'
  | 'usr'
  | 'del'
  | 'dec'
  | 'csn'
  | 'wle'
  | 'whe'
  | 'msg'
  | 'mon'
  | 'mhit';

/** 128 bits never need more than 22 base58 digits (58^22 > 2^128). */
const ID_DIGITS = 22;

/**
 * A prefixed opaque id with 128 random bits (session ids need at least 122: docs/api/sessions.md),
 * always 22 digits: left-padded with '1' (base58's zero), so ids never vary in length.
 */
export function newId(prefix: IdPrefix): string {
  return `${prefix}_${base58(randomId()).padStart(ID_DIGITS, '1')}`;
}

/** 256 ids' worth of random bytes per call into the CSPRNG (each call costs a system call). */
const POOL_BYTES = 16 * 256;
const pool = { bytes: new Uint8Array(0), offset: 0 };

/** 16 fresh random bytes, each handed out once (as uuid and nanoid pool theirs). */
function randomId(): Uint8Array {
  if (pool.offset + 16 > pool.bytes.length) {
    pool.bytes = randomBytes(POOL_BYTES);
    pool.offset = 0;
  }
  pool.offset += 16;
  return pool.bytes.subarray(pool.offset - 16, pool.offset);
}

export { SESSION_ID_PATTERN } from '@/lib/contract/ids';
