// How many failed console sign-ins are allowed, and for how long a key is throttled after that.
// Pure: the service reads the failures' ages from Postgres and records new ones.

export interface ThrottleRule {
  /** Failures allowed within the window; the next attempt is refused. */
  limit: number;
  windowSeconds: number;
}

/**
 * Keyed so a stranger cannot lock an account out (OWASP: a lockout keyed on the account alone is a
 * denial of service against its owner). Failures count against the (account, client address)
 * pair, which is what stops one client guessing; against the client address alone, which stops
 * one client spraying many accounts; and against the account from every address, with a cap far
 * above what one client can reach (it takes 20 addresses), which stops a distributed guess.
 */
export const SIGN_IN_RULES = {
  /** One client guessing one account's password: 5 failures per 15 minutes. */
  pair: { limit: 5, windowSeconds: 15 * 60 },
  /** One client spraying many accounts: 20 failures per 15 minutes. */
  ip: { limit: 20, windowSeconds: 15 * 60 },
  /** One account guessed from many addresses: 100 failures per 15 minutes. */
  email: { limit: 100, windowSeconds: 15 * 60 },
} as const satisfies Record<string, ThrottleRule>;

export type ThrottleKind = keyof typeof SIGN_IN_RULES;

export interface ThrottleDecision {
  allowed: boolean;
  /** Seconds until an attempt is allowed again; 0 when allowed. */
  retryAfterSeconds: number;
}

/**
 * A sliding window over one key's failures, given their ages in seconds: refused once `limit`
 * failures are younger than the window, until enough of them age out to leave room for one more.
 */
export function keyDecision(failureAges: readonly number[], rule: ThrottleRule): ThrottleDecision {
  const recent = failureAges.filter((age) => age >= 0 && age < rule.windowSeconds).sort((a, b) => b - a);
  if (recent.length < rule.limit) return { allowed: true, retryAfterSeconds: 0 };
  // The oldest (recent.length - limit + 1) failures must expire; the last of them is at this index.
  const blocking = recent[recent.length - rule.limit] ?? 0;
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(rule.windowSeconds - blocking)) };
}

/** Refused when any key is throttled, for as long as the longest of them. */
export function signInDecision(ages: Partial<Record<ThrottleKind, readonly number[]>>): ThrottleDecision {
  let retryAfterSeconds = 0;
  for (const kind of Object.keys(SIGN_IN_RULES) as ThrottleKind[]) {
    const decision = keyDecision(ages[kind] ?? [], SIGN_IN_RULES[kind]);
    retryAfterSeconds = Math.max(retryAfterSeconds, decision.retryAfterSeconds);
  }
  return { allowed: retryAfterSeconds === 0, retryAfterSeconds };
}

/** Whole minutes to tell the person, never "0 minutes". */
export const retryMinutes = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));

const THROTTLED_CODE = /^throttled_(\d{1,4})$/;

/** The CredentialsSignin code a throttled attempt carries (Auth.js passes it on to the form). */
export const throttledCode = (seconds: number) => `throttled_${retryMinutes(seconds)}`;

/** The minutes in a throttled code, or null for any other code. */
export function throttledMinutes(code: string | null | undefined): number | null {
  const match = THROTTLED_CODE.exec(code ?? '');
  return match?.[1] ? Number(match[1]) : null;
}

/** The CredentialsSignin code of a password that matched when a second factor must follow. */
export const SECOND_FACTOR_CODE_PREFIX = 'second_factor:';

/** The second step's ticket carried by such a code, or null for any other code. */
export function secondFactorTicket(code: string | null | undefined): string | null {
  return code?.startsWith(SECOND_FACTOR_CODE_PREFIX) ? code.slice(SECOND_FACTOR_CODE_PREFIX.length) : null;
}
