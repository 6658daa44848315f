// MD5, SHA-1 and SHA-256 of a string's UTF-8, synchronously and without node:crypto, so the
// request schema can tell a hashed email from its cleartext in the browser too (WebCrypto is
// asynchronous and has no MD5). @noble/hashes: audited, dependency-free, synchronous.
import { md5, sha1 } from '@noble/hashes/legacy.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

export type DigestAlgorithm = 'md5' | 'sha1' | 'sha256';

const HASHES: Readonly<Record<DigestAlgorithm, (bytes: Uint8Array) => Uint8Array>> = { md5, sha1, sha256 };

/** Lower-case hex digest of the text's UTF-8 (a lone surrogate encodes as U+FFFD, as in node:crypto). */
export function digestOf(algorithm: DigestAlgorithm, text: string): string {
  return bytesToHex(HASHES[algorithm](utf8ToBytes(text)));
}
