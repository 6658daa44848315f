import { describe, expect, it } from 'vitest';
import {
  generatePassword,
  hashPassword,
  needsRehash,
  parsePasswordHash,
  verifyPassword,
} from '@/lib/crypto/password';

// Cheap parameters where the cost itself is not under test, so the suite stays fast.
const FAST = { logN: 10, r: 8, p: 1 };

describe('password hashing (scrypt)', () => {
  it('encodes algorithm, parameters, salt and hash in one self-describing string', async () => {
    const encoded = await hashPassword('correct horse battery staple');
    expect(encoded).toMatch(/^\$scrypt\$ln=15,r=8,p=1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    const parsed = parsePasswordHash(encoded);
    expect(parsed?.params).toEqual({ logN: 15, r: 8, p: 1 });
    expect(parsed?.salt).toHaveLength(16);
    expect(parsed?.key).toHaveLength(32);
  });

  it('verifies the right password and refuses others', async () => {
    const encoded = await hashPassword('correct horse battery staple');
    expect(await verifyPassword('correct horse battery staple', encoded)).toBe(true);
    expect(await verifyPassword('correct horse battery stapl', encoded)).toBe(false);
    expect(await verifyPassword('Correct horse battery staple', encoded)).toBe(false);
    expect(await verifyPassword('', encoded)).toBe(false);
  });

  it('salts every hash, so equal passwords give different strings that both verify', async () => {
    const [a, b] = await Promise.all([
      hashPassword('same password', FAST),
      hashPassword('same password', FAST),
    ]);
    expect(a).not.toBe(b);
    expect(await verifyPassword('same password', a)).toBe(true);
    expect(await verifyPassword('same password', b)).toBe(true);
  });

  it('verifies with the parameters stored in the string, not today’s defaults', async () => {
    const encoded = await hashPassword('older hash', FAST);
    expect(encoded.startsWith('$scrypt$ln=10,r=8,p=1$')).toBe(true);
    expect(await verifyPassword('older hash', encoded)).toBe(true);
  });

  it('treats canonically equivalent Unicode spellings as the same password (NFKC)', async () => {
    const composed = 'caf\u00e9 au lait';
    const decomposed = 'cafe\u0301 au lait';
    const encoded = await hashPassword(composed, FAST);
    expect(await verifyPassword(decomposed, encoded)).toBe(true);
  });

  it('never verifies against a malformed or tampered string', async () => {
    const encoded = await hashPassword('secret value', FAST);
    const parts = encoded.split('$');
    const flipped = [...parts.slice(0, -1), `A${(parts.at(-1) ?? '').slice(1)}`].join('$');
    for (const bad of [
      '',
      'plaintext',
      '$2b$10$abcdefghijklmnopqrstuv', // bcrypt
      encoded.replace('$scrypt$', '$argon2id$'),
      encoded.slice(0, -5),
      flipped === encoded ? encoded.replace(/.$/, 'A') : flipped,
    ]) {
      expect(await verifyPassword('secret value', bad)).toBe(false);
    }
  });

  it('refuses absurd stored parameters instead of allocating for them', () => {
    const salt = 'A'.repeat(22);
    const key = 'B'.repeat(43);
    expect(parsePasswordHash(`$scrypt$ln=30,r=8,p=1$${salt}$${key}`)).toBeNull();
    expect(parsePasswordHash(`$scrypt$ln=15,r=99,p=1$${salt}$${key}`)).toBeNull();
    expect(parsePasswordHash(`$scrypt$ln=15,r=8,p=0$${salt}$${key}`)).toBeNull();
    expect(parsePasswordHash(`$scrypt$ln=15,r=8,p=1$${salt}$${key}`)?.params).toEqual({
      logN: 15,
      r: 8,
      p: 1,
    });
  });

  it('asks for a rehash when the stored cost is below today’s', async () => {
    expect(needsRehash(await hashPassword('x', FAST))).toBe(true);
    expect(needsRehash(await hashPassword('x'))).toBe(false);
    expect(needsRehash('not a hash')).toBe(true);
  });

  it('generates 22-character base58 passwords, all different', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const password = generatePassword();
      expect(password).toMatch(/^[1-9A-HJ-NP-Za-km-z]{22}$/);
      seen.add(password);
    }
    expect(seen.size).toBe(200);
  });
});
