// When a failed webhook delivery is tried again: exponential back-off with jitter over about a day
// (as Svix and Stripe do), then the message is failed and its endpoint disabled.

/** Seconds before each retry; they add up to about 25.7 hours. */
export const RETRY_DELAYS_S = [5, 30, 120, 600, 1_800, 3_600, 7_200, 14_400, 28_800, 36_000] as const;

/** Attempts in all: the first and one per delay. */
export const MAX_ATTEMPTS = RETRY_DELAYS_S.length + 1;

/** ±20 %, so endpoints that failed together are not retried in one burst. */
const JITTER = 0.2;

/**
 * When to try again after `attempts` attempts failed, or null when none is left. `random` in [0, 1)
 * is passed in (Math.random in the service) so the schedule is testable.
 */
export function nextAttemptAt(attempts: number, failedAt: Date, random: number): Date | null {
  const base = RETRY_DELAYS_S[attempts - 1];
  if (base === undefined) return null;
  const factor = 1 - JITTER + 2 * JITTER * random;
  return new Date(failedAt.getTime() + Math.round(base * factor * 1000));
}
