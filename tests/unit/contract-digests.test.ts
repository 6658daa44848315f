// The request schema's browser-safe digests (MIXED_EMAIL_FORMS must work in the console form too)
// against the published test vectors and against node:crypto, which the engine keys emails with.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type DigestAlgorithm, digestOf } from '@/lib/contract/fields/digests';

const LONG = 'abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq';

describe('digestOf', () => {
  it.each([
    // RFC 1321 appendix A.5
    ['md5', '', 'd41d8cd98f00b204e9800998ecf8427e'],
    ['md5', 'abc', '900150983cd24fb0d6963f7d28e17f72'],
    ['md5', 'message digest', 'f96b697d7cb7938d525a2f31aaf161d0'],
    [
      'md5',
      '12345678901234567890123456789012345678901234567890123456789012345678901234567890',
      '57edf4a22be3c955ac49da2e2107b67a',
    ],
    // FIPS 180 examples (RFC 3174, NIST CSRC)
    ['sha1', 'abc', 'a9993e364706816aba3e25717850c26c9cd0d89d'],
    ['sha1', LONG, '84983e441c3bd26ebaae4aa1f95129e5e54670f1'],
    ['sha256', '', 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
    ['sha256', 'abc', 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'],
    ['sha256', LONG, '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1'],
  ] as const)('%s of %j is the published digest', (algorithm, text, digest) => {
    expect(digestOf(algorithm, text)).toBe(digest);
  });

  // Padding boundaries (55/56 and 119/120 bytes), multi-byte UTF-8, astral and lone surrogates.
  const texts = [
    ...[1, 55, 56, 63, 64, 65, 119, 120, 1000].map((n) => 'a'.repeat(n)),
    'josé@exämple.com',
    'user@例え.jp',
    '😀'.repeat(30),
    'lone \ud800 surrogate',
    'test@example.com',
  ];
  const algorithms: DigestAlgorithm[] = ['md5', 'sha1', 'sha256'];

  it('agrees with node:crypto on the UTF-8 of any text', () => {
    for (const text of texts) {
      for (const algorithm of algorithms) {
        expect(digestOf(algorithm, text), `${algorithm} ${text}`).toBe(
          createHash(algorithm).update(text, 'utf8').digest('hex'),
        );
      }
    }
  });
});
