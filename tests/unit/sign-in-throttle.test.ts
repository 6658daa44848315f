import { describe, expect, it } from 'vitest';
import { signInErrorMessage } from '@/app/sign-in/sign-in-state';
import {
  keyDecision,
  retryMinutes,
  SIGN_IN_RULES,
  signInDecision,
  throttledCode,
  throttledMinutes,
} from '@/lib/auth/sign-in-throttle';

const rule = { limit: 5, windowSeconds: 900 };

describe('keyDecision (sliding window)', () => {
  it('allows up to the limit minus one recent failures', () => {
    expect(keyDecision([], rule)).toEqual({ allowed: true, retryAfterSeconds: 0 });
    expect(keyDecision([10, 20, 30, 40], rule)).toEqual({ allowed: true, retryAfterSeconds: 0 });
  });

  it('refuses at the limit until the oldest recent failure leaves the window', () => {
    expect(keyDecision([1, 2, 3, 4, 600], rule)).toEqual({ allowed: false, retryAfterSeconds: 300 });
    // Order does not matter.
    expect(keyDecision([600, 3, 1, 4, 2], rule)).toEqual({ allowed: false, retryAfterSeconds: 300 });
  });

  it('with more failures than the limit, waits until only limit - 1 remain', () => {
    // Seven failures: the three oldest (800, 700, 500) must expire; 500 is the last of them.
    expect(keyDecision([800, 700, 500, 40, 30, 20, 10], rule)).toEqual({
      allowed: false,
      retryAfterSeconds: 400,
    });
  });

  it('ignores failures outside the window', () => {
    expect(keyDecision([900, 1000, 5000, 1, 2, 3], rule)).toEqual({ allowed: true, retryAfterSeconds: 0 });
  });

  it('never says to wait 0 seconds', () => {
    expect(keyDecision([899.9, 1, 2, 3, 4], rule)).toEqual({ allowed: false, retryAfterSeconds: 1 });
  });
});

describe('signInDecision', () => {
  it('uses 5 per 15 minutes for an (e-mail, client) pair, 20 for a client and 100 for an e-mail', () => {
    expect(SIGN_IN_RULES.pair).toEqual({ limit: 5, windowSeconds: 900 });
    expect(SIGN_IN_RULES.ip).toEqual({ limit: 20, windowSeconds: 900 });
    expect(SIGN_IN_RULES.email).toEqual({ limit: 100, windowSeconds: 900 });
  });

  it('refuses when any key is throttled, for the longer wait', () => {
    const five = [60, 50, 40, 30, 20];
    expect(signInDecision({ pair: five })).toEqual({ allowed: false, retryAfterSeconds: 840 });
    expect(signInDecision({ pair: five.slice(1), ip: five })).toEqual({
      allowed: true,
      retryAfterSeconds: 0,
    });
    const twenty = Array.from({ length: 20 }, (_, i) => 100 + i);
    expect(signInDecision({ pair: [], ip: twenty })).toEqual({ allowed: false, retryAfterSeconds: 781 });
    expect(signInDecision({ pair: five, ip: twenty })).toEqual({ allowed: false, retryAfterSeconds: 840 });
  });

  it("a stranger's failures from other addresses leave the account open until the account-wide cap", () => {
    // A stranger's 5 wrong guesses are its own pair's and address's; the owner's pair is empty.
    expect(signInDecision({ pair: [], ip: [], email: [10, 20, 30, 40, 50] })).toEqual({
      allowed: true,
      retryAfterSeconds: 0,
    });
    // 99 failures from 20 addresses (at most 20 each) still leave room; the 100th closes it.
    const many = Array.from({ length: 99 }, (_, i) => 1 + i);
    expect(signInDecision({ email: many }).allowed).toBe(true);
    expect(signInDecision({ email: [...many, 200] }).allowed).toBe(false);
  });

  it('allows a first attempt', () => {
    expect(signInDecision({})).toEqual({ allowed: true, retryAfterSeconds: 0 });
  });
});

describe('throttled codes and the message', () => {
  it('round-trips whole minutes, rounded up', () => {
    expect(retryMinutes(1)).toBe(1);
    expect(retryMinutes(60)).toBe(1);
    expect(retryMinutes(61)).toBe(2);
    expect(throttledCode(840)).toBe('throttled_14');
    expect(throttledMinutes('throttled_14')).toBe(14);
    expect(throttledMinutes('no_workspace')).toBeNull();
    expect(throttledMinutes('throttled_x')).toBeNull();
    expect(throttledMinutes(null)).toBeNull();
  });

  it('tells the person how long to wait, without saying whether the account exists', () => {
    expect(signInErrorMessage('CredentialsSignin', 'throttled_14')).toBe(
      'Too many sign-in attempts; try again in 14 minutes.',
    );
    expect(signInErrorMessage('CredentialsSignin', 'throttled_1')).toBe(
      'Too many sign-in attempts; try again in 1 minute.',
    );
    expect(signInErrorMessage('CredentialsSignin', 'credentials')).toBe(
      'The email or password is incorrect.',
    );
  });
});
