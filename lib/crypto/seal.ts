import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  createSecretKey,
  type KeyObject,
  randomBytes,
} from 'node:crypto';

/**
 * Derived keys by purpose and secret. An ingested batch hashes and seals thousands of values with
 * the same secret; deriving the key (a SHA-256) and importing it for each cost as much as the
 * HMAC itself (`--cpu-prof`). A process knows one secret, a test run a few: the map stays tiny.
 */
const derived = new Map<string, KeyObject>();

// Separate keys per purpose, derived from the one server secret.
function deriveKey(secret: string, purpose: string): KeyObject {
  const id = `${purpose}:${secret}`;
  const known = derived.get(id);
  if (known !== undefined) return known;
  if (derived.size >= 64) derived.clear();
  const key = createSecretKey(createHash('sha256').update(`verity:${purpose}:`).update(secret).digest());
  derived.set(id, key);
  return key;
}

/** AES-256-GCM; output is `v1.<iv>.<tag>.<ciphertext>` in base64url. */
export function seal(secret: string, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', deriveKey(secret, 'seal'), iv);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [
    'v1',
    iv.toString('base64url'),
    cipher.getAuthTag().toString('base64url'),
    body.toString('base64url'),
  ].join('.');
}

export function unseal(secret: string, sealed: string): string {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || !body) throw new Error('unsupported sealed value');
  const decipher = createDecipheriv('aes-256-gcm', deriveKey(secret, 'seal'), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

/** A keyed hash (HMAC-SHA256, hex): how SSNs and deletion tombstones are stored. */
export function keyedHash(secret: string, value: string): string {
  return createHmac('sha256', deriveKey(secret, 'hmac')).update(value).digest('hex');
}

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
