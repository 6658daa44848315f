import { describe, expect, it } from 'vitest';
import { base58, newId, SESSION_ID_PATTERN } from '@/lib/ids/ids';

describe('ids', () => {
  it('are always 22 base58 digits after the prefix, even when the random value is small', () => {
    for (let i = 0; i < 5000; i++) {
      const id = newId('ses');
      expect(id).toMatch(/^ses_[1-9A-HJ-NP-Za-km-z]{22}$/);
      expect(id).toMatch(SESSION_ID_PATTERN);
    }
  });

  it('never hands out the same random bytes twice across refills of the random pool', () => {
    // 2,000 ids span several pools of 256: a reused slice would repeat an id.
    const ids = new Set(Array.from({ length: 2000 }, () => newId('idn')));
    expect(ids.size).toBe(2000);
  });

  it('encodes base58 with leading zero bytes as 1s', () => {
    expect(base58(new Uint8Array([0, 0, 1]))).toBe('112');
    expect(base58(new Uint8Array([255]))).toBe('5Q');
  });
});
