// Time-based one-time passwords for the console's second factor (issue 32): RFC 6238 with the
// parameters every authenticator app supports (SHA-1, 6 digits, 30 s), computed by `otpauth`, a
// maintained, dependency-free implementation. Pure: the caller passes the clock and the last
// time step it accepted, so a code is good once (a replay within its 30 s is refused).
import { Secret, TOTP } from 'otpauth';

export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** One step either side: a phone clock 30 s off still works, as RFC 6238 §5.2 recommends at most. */
export const TOTP_WINDOW = 1;

/** A new 160-bit secret (RFC 4226's recommended length), base32 as authenticator apps take it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URI a QR code carries: the app shows "Verity (email)". */
export function totpUri(secretBase32: string, account: string, issuer = 'Verity'): string {
  return new TOTP({
    issuer,
    label: account,
    secret: Secret.fromBase32(secretBase32),
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
  }).toString();
}

export type TotpVerdict =
  | { ok: true; step: number }
  | { ok: false; reason: 'malformed' | 'wrong' | 'replayed' };

/**
 * Checks a code. `lastStep` is the time step of the last code this account used (null: none);
 * a code of that step or an earlier one is refused even when it is right, so an observed code
 * cannot be used again. On success the caller stores the returned step.
 */
export function verifyTotp(input: {
  secretBase32: string;
  code: string;
  nowMs: number;
  lastStep: number | null;
  digits?: number;
}): TotpVerdict {
  const digits = input.digits ?? TOTP_DIGITS;
  const code = input.code.replace(/\s+/g, '');
  if (!new RegExp(`^\\d{${digits}}$`).test(code)) return { ok: false, reason: 'malformed' };
  const delta = TOTP.validate({
    token: code,
    secret: Secret.fromBase32(input.secretBase32),
    digits,
    period: TOTP_PERIOD_SECONDS,
    timestamp: input.nowMs,
    window: TOTP_WINDOW,
  });
  if (delta === null) return { ok: false, reason: 'wrong' };
  const step = Math.floor(input.nowMs / 1000 / TOTP_PERIOD_SECONDS) + delta;
  if (input.lastStep !== null && step <= input.lastStep) return { ok: false, reason: 'replayed' };
  return { ok: true, step };
}
