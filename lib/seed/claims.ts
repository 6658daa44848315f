// Which merging identifiers (emails, phones, profiles, SSNs) a run has handed out: two people
// must not share one by accident, or the graph would merge strangers. A Bloom filter keeps
// 10 million of them in ~15 MB; a false "taken" only makes the generator pick another value.

export class Claims {
  private readonly bits: Uint32Array;
  private readonly size: number;

  constructor(expected: number) {
    // About 12 bits per entry with 4 probes: under 1% false positives.
    this.size = Math.max(1 << 16, Math.ceil(expected * 12));
    this.bits = new Uint32Array(Math.ceil(this.size / 32));
  }

  /** True the first time a tag is seen (and records it), false after (or on a rare false positive). */
  claim(tag: string): boolean {
    let h1 = 0x811c9dc5;
    let h2 = 0x01000193;
    for (let i = 0; i < tag.length; i++) {
      const c = tag.charCodeAt(i);
      h1 = Math.imul(h1 ^ c, 0x01000193);
      h2 = Math.imul(h2 ^ c, 0x5bd1e995) ^ (h2 >>> 13);
    }
    let fresh = false;
    for (let k = 0; k < 4; k++) {
      const bit = ((h1 + Math.imul(k, h2 | 1)) >>> 0) % this.size;
      const word = bit >>> 5;
      const mask = 1 << (bit & 31);
      const current = this.bits[word] ?? 0;
      if ((current & mask) === 0) {
        fresh = true;
        this.bits[word] = current | mask;
      }
    }
    return fresh;
  }
}
