// A list's age and warning as the Lists page, the results and the case report word them.
import { formatCalendarDate } from '@/components/ui/dates';
import { formatListAge, formatMaxAge, type ListFreshness } from '@/lib/engine/lists/freshness';

/** The date a list's age counts from, as people read it: a calendar date (UTC, as published). */
export function formatListDate(freshness: ListFreshness): string {
  return formatCalendarDate(freshness.since);
}

const DAY_MS = 86_400_000;

/**
 * "3 days old"; for an undated list "at least 3 days old" (its import bounds its age from below),
 * or "age unknown" while that bound is under a day and says nothing.
 */
export function listAgeText(freshness: ListFreshness): string {
  if (freshness.dated === 'published') return `${formatListAge(freshness.ageMs)} old`;
  return freshness.ageMs < DAY_MS ? 'age unknown' : `at least ${formatListAge(freshness.ageMs)} old`;
}

/** The warning of a stale or undated list, as one short phrase; null when there is none. */
export function listWarningText(freshness: ListFreshness): string | null {
  if (freshness.warning === 'stale' && freshness.maxAgeMs !== null) {
    return `Stale: ${formatMaxAge(freshness.maxAgeMs)}`;
  }
  if (freshness.warning === 'undated') return 'Publication date not stated';
  return null;
}
