import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';
import { base58 } from '@/lib/ids/ids';

// scrypt is memory-hard: N=2^15, r=8 needs 32 MiB per hash (about 100 ms), which makes mass
// guessing on GPUs costly. The encoded string names its parameters, so the cost can rise later.
const DEFAULT_LOG_N = 15;
const DEFAULT_R = 8;
const DEFAULT_P = 1;
const SALT_BYTES = 16;
const KEY_BYTES = 32;
// Refuse absurd parameters in a stored string instead of allocating gigabytes.
const MAX_LOG_N = 20;
const MAX_R = 32;
const MAX_P = 16;

export interface ScryptParams {
  logN: number;
  r: number;
  p: number;
}

const DEFAULT_PARAMS: ScryptParams = { logN: DEFAULT_LOG_N, r: DEFAULT_R, p: DEFAULT_P };

function derive(password: string, salt: Buffer, params: ScryptParams, length: number): Promise<Buffer> {
  const N = 2 ** params.logN;
  const options: ScryptOptions = {
    N,
    r: params.r,
    p: params.p,
    // Node's default cap (32 MiB) is just below what N=2^15, r=8 needs.
    maxmem: 128 * N * params.r * params.p + 32 * 1024 * 1024,
  };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, length, options, (error, key) => {
      if (error) reject(error);
      else resolve(key);
    });
  });
}

const b64 = (bytes: Buffer) => bytes.toString('base64url');

/**
 * Hashes a password as a PHC-style string, `$scrypt$ln=15,r=8,p=1$<salt>$<hash>` (base64url):
 * everything needed to verify it later, including the cost, travels with the hash.
 */
export async function hashPassword(password: string, params: ScryptParams = DEFAULT_PARAMS): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, params, KEY_BYTES);
  return `$scrypt$ln=${params.logN},r=${params.r},p=${params.p}$${b64(salt)}$${b64(key)}`;
}

interface ParsedHash {
  params: ScryptParams;
  salt: Buffer;
  key: Buffer;
}

// A salt of 16 bytes or more and a hash of exactly 32 (43 base64url characters): a truncated
// hash must not verify against a prefix of the derived key.
const ENCODED = /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([A-Za-z0-9_-]{22,})\$([A-Za-z0-9_-]{43})$/;

export function parsePasswordHash(encoded: string): ParsedHash | null {
  const match = ENCODED.exec(encoded);
  if (!match) return null;
  const [, ln, r, p, salt, key] = match;
  const params = { logN: Number(ln), r: Number(r), p: Number(p) };
  if (params.logN < 1 || params.logN > MAX_LOG_N || params.r < 1 || params.r > MAX_R) return null;
  if (params.p < 1 || params.p > MAX_P) return null;
  return { params, salt: Buffer.from(salt ?? '', 'base64url'), key: Buffer.from(key ?? '', 'base64url') };
}

/** Constant-time comparison against a stored hash; a malformed hash never verifies. */
export async function verifyPassword(password: string, encoded: string): Promise<boolean> {
  const parsed = parsePasswordHash(encoded);
  if (!parsed) return false;
  const candidate = await derive(password, parsed.salt, parsed.params, parsed.key.length);
  return candidate.length === parsed.key.length && timingSafeEqual(candidate, parsed.key);
}

/** True when a stored hash uses weaker parameters than today's, so sign-in can upgrade it. */
export function needsRehash(encoded: string, params: ScryptParams = DEFAULT_PARAMS): boolean {
  const parsed = parsePasswordHash(encoded);
  if (!parsed) return true;
  return parsed.params.logN < params.logN || parsed.params.r < params.r || parsed.params.p < params.p;
}

/**
 * A generated password: 128 random bits in base58 (about 22 characters, no look-alike
 * characters), strong enough to print once and be typed from the console output.
 */
export function generatePassword(): string {
  return base58(randomBytes(16)).padStart(22, '1');
}

// A fixed hash to compare against when the e-mail is unknown, so both paths cost one scrypt.
let decoy: Promise<string> | undefined;
export function decoyPasswordHash(): Promise<string> {
  decoy ??= hashPassword(generatePassword());
  return decoy;
}
