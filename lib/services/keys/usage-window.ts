import { USAGE_DAYS } from '@/lib/contract/console/usage';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

export interface UsageWindow {
  /** Start of the first of the USAGE_DAYS UTC days, today last. */
  since30d: Date;
  /** Start of the first of the last 24 hourly buckets, the current hour last. */
  since24h: Date;
  /** The USAGE_DAYS days as YYYY-MM-DD, oldest first. */
  days: string[];
}

/** The windows the key list and the usage page count over, at `now`. */
export function usageWindow(now: Date): UsageWindow {
  const today = now.getTime() - (now.getTime() % DAY_MS);
  const since30d = new Date(today - (USAGE_DAYS - 1) * DAY_MS);
  const hour = now.getTime() - (now.getTime() % HOUR_MS);
  const days = Array.from({ length: USAGE_DAYS }, (_, i) =>
    new Date(since30d.getTime() + i * DAY_MS).toISOString().slice(0, 10),
  );
  return { since30d, since24h: new Date(hour - 23 * HOUR_MS), days };
}
