// Issue 32: the console's password policy after NIST SP 800-63B: a minimum length, a strength
// estimate (zxcvbn-ts) against dictionaries and the user's own details, no composition rules.
import { describe, expect, it } from 'vitest';
import { judgePassword } from '@/lib/auth/password-policy';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '@/lib/auth/password-policy-limits';
import { sessionStanding } from '@/lib/auth/session-standing';

describe('judgePassword', () => {
  it('takes at least 15 characters (800-63B-4 for a single factor) and allows 64 and more', () => {
    expect(MIN_PASSWORD_LENGTH).toBe(15);
    expect(MAX_PASSWORD_LENGTH).toBeGreaterThanOrEqual(64);
    expect(judgePassword('k7#Vq!2mZ@9wL')).toMatchObject({ ok: false }); // 13 random characters: too short
    const long =
      'plum '.repeat(3) +
      Array.from({ length: 60 }, (_, i) => String.fromCharCode(97 + ((i * 7) % 26))).join('');
    expect(judgePassword(long.slice(0, 64)).ok).toBe(true);
    expect(judgePassword('x'.repeat(MAX_PASSWORD_LENGTH + 1))).toMatchObject({ ok: false });
  });

  it('refuses long passwords built from common passwords, keyboard walks and repeats', () => {
    // From public lists of the most used passwords (SplashData, NCSC 100k), padded past 15.
    for (const weak of ['password12345678', 'qwertyuiopasdfghjkl', 'iloveyouiloveyou', 'aaaaaaaaaaaaaaaa'])
      expect(judgePassword(weak), weak).toMatchObject({ ok: false });
  });

  it("refuses passwords made of the user's own details", () => {
    const context = ['jane.doe@acme-bank.com', 'Jane Doe'];
    for (const personal of [
      'janedoe-acme-bank',
      'Jane.Doe.2026.acme',
      'acme-bank.com/jane',
      'verity-jane-doe-x',
    ])
      expect(judgePassword(personal, context), personal).toMatchObject({ ok: false });
    // The same shapes without the user's details pass.
    expect(judgePassword('marisol-quentin-fable').ok).toBe(true);
  });

  it('accepts a few unrelated words, and random strings, with no digits or symbols required', () => {
    expect(judgePassword('velvet harbor quietly tangerine').ok).toBe(true);
    expect(judgePassword('Wx7pQm2LrT9vKs4n').ok).toBe(true);
  });
});

describe('sessionStanding', () => {
  const at = new Date('2026-11-28T10:00:00.500Z');
  it('ends sessions signed in before sessions_not_before, to the millisecond', () => {
    expect(sessionStanding(at.getTime() - 1, { sessionsNotBefore: at, mustChangePassword: false })).toBe(
      'signed_out',
    );
    expect(sessionStanding(at.getTime(), { sessionsNotBefore: at, mustChangePassword: false })).toBe(
      'active',
    );
    // A token from before the sign-in time was a claim reads 0.
    expect(sessionStanding(0, { sessionsNotBefore: at, mustChangePassword: false })).toBe('signed_out');
    expect(sessionStanding(0, { sessionsNotBefore: null, mustChangePassword: false })).toBe('active');
  });
  it('asks a reset member to change the password first', () => {
    expect(sessionStanding(at.getTime(), { sessionsNotBefore: at, mustChangePassword: true })).toBe(
      'must_change_password',
    );
  });
  it('holds a member without a second factor while the workspace requires one, after the password', () => {
    const base = { sessionsNotBefore: null, mustChangePassword: false, requireSecondFactor: true };
    expect(sessionStanding(at.getTime(), { ...base, hasSecondFactor: false })).toBe(
      'must_enrol_second_factor',
    );
    expect(sessionStanding(at.getTime(), { ...base, hasSecondFactor: true })).toBe('active');
    expect(
      sessionStanding(at.getTime(), { ...base, requireSecondFactor: false, hasSecondFactor: false }),
    ).toBe('active');
    // A one-time password is replaced first; a signed-out session is over whatever the policy.
    expect(sessionStanding(at.getTime(), { ...base, mustChangePassword: true, hasSecondFactor: false })).toBe(
      'must_change_password',
    );
    expect(sessionStanding(at.getTime(), { ...base, sessionLive: false, hasSecondFactor: false })).toBe(
      'signed_out',
    );
  });
});
