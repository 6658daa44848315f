// Issue 32, the second factor's building blocks: TOTP against RFC 6238's own test vectors, the
// replay refusal, and single-use recovery codes stored hashed.
import { describe, expect, it } from 'vitest';
import { matchRecoveryCode, newRecoveryCodes, RECOVERY_CODE_COUNT } from '@/lib/auth/recovery-codes';
import { issueTicket, readTicket, TICKET_TTL_MS } from '@/lib/auth/second-step-ticket';
import { newTotpSecret, totpUri, verifyTotp } from '@/lib/auth/totp';

// RFC 6238 Appendix B: the SHA-1 seed is the ASCII string "12345678901234567890", 8 digits.
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ'; // base32 of that string
const RFC_VECTORS: [number, string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('verifyTotp', () => {
  it('accepts the RFC 6238 SHA-1 test vectors at their times', () => {
    for (const [seconds, code] of RFC_VECTORS)
      expect(
        verifyTotp({ secretBase32: RFC_SECRET, code, nowMs: seconds * 1000, lastStep: null, digits: 8 }),
        String(seconds),
      ).toEqual({
        ok: true,
        step: Math.floor(seconds / 30),
      });
  });

  it('accepts a code one step early or late (a phone clock 30 s off), not two', () => {
    const [seconds, code] = RFC_VECTORS[3] ?? [0, ''];
    const at = (offset: number) =>
      verifyTotp({
        secretBase32: RFC_SECRET,
        code,
        nowMs: (seconds + offset) * 1000,
        lastStep: null,
        digits: 8,
      });
    expect(at(30).ok).toBe(true);
    expect(at(-30).ok).toBe(true);
    expect(at(90)).toEqual({ ok: false, reason: 'wrong' });
  });

  it('refuses a code already used, and any earlier one', () => {
    const [seconds, code] = RFC_VECTORS[1] ?? [0, ''];
    const step = Math.floor(seconds / 30);
    const base = { secretBase32: RFC_SECRET, code, nowMs: seconds * 1000, digits: 8 };
    expect(verifyTotp({ ...base, lastStep: step })).toEqual({ ok: false, reason: 'replayed' });
    expect(verifyTotp({ ...base, lastStep: step + 1 })).toEqual({ ok: false, reason: 'replayed' });
    expect(verifyTotp({ ...base, lastStep: step - 1 }).ok).toBe(true);
  });

  it('refuses malformed codes before computing anything', () => {
    for (const code of ['', '12345', '1234567', 'abcdef', '12 34 5x'])
      expect(verifyTotp({ secretBase32: RFC_SECRET, code, nowMs: 0, lastStep: null })).toEqual({
        ok: false,
        reason: 'malformed',
      });
  });
});

describe('enrolment', () => {
  it('makes 160-bit secrets and an otpauth URI authenticator apps read', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(secret);
    const uri = new URL(totpUri(secret, 'ana@example.com'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe('/Verity:ana@example.com');
    expect(Object.fromEntries(uri.searchParams)).toMatchObject({
      secret,
      issuer: 'Verity',
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
  });
});

describe('recovery codes', () => {
  it('are ten distinct codes, stored only as hashes, each matching once by its own hash', () => {
    const { codes, hashes } = newRecoveryCodes();
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const [index, code] of codes.entries()) {
      expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
      expect(hashes[index]).not.toContain(code.replace('-', ''));
      expect(matchRecoveryCode(code, hashes)).toBe(index);
      // Typed in capitals, with spaces instead of the dash: still the same code.
      expect(matchRecoveryCode(code.toUpperCase().replace('-', ' '), hashes)).toBe(index);
    }
    expect(matchRecoveryCode('aaaaa-aaaaa', hashes)).toBe(-1);
    // Used once, the caller drops its hash: the code no longer matches.
    const [first = ''] = codes;
    expect(matchRecoveryCode(first, hashes.slice(1))).toBe(-1);
  });
});

describe('the second-step ticket', () => {
  const secret = 'x'.repeat(40);
  const now = 1_800_000_000_000;
  it('names the user for five minutes, and cannot be forged, altered or used later', () => {
    const ticket = issueTicket(secret, { userId: 'usr_1', email: 'ana@example.com', nowMs: now });
    expect(readTicket(secret, ticket, now + 60_000)).toEqual({ userId: 'usr_1', email: 'ana@example.com' });
    expect(readTicket(secret, ticket, now + TICKET_TTL_MS)).toBeNull();
    expect(readTicket('y'.repeat(40), ticket, now)).toBeNull();
    const [payload = '', signature = ''] = ticket.split('.');
    const other = Buffer.from(
      JSON.stringify({ userId: 'usr_2', email: 'ana@example.com', expiresAtMs: now + 1e9 }),
    ).toString('base64url');
    expect(readTicket(secret, `${other}.${signature}`, now)).toBeNull();
    expect(readTicket(secret, `${payload}.${signature}.x`, now)).toBeNull();
    expect(readTicket(secret, 'garbage', now)).toBeNull();
  });
});
