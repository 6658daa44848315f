// Issue 31 item 9: the console reads dates one way everywhere. Sessions and Signals each had their
// own formatter ("2 weeks ago" on one, "14 days ago" on the other); every view now uses one module.
import { describe, expect, it } from 'vitest';
import { formatCalendarDate, formatDate, formatDateTime, formatRelative } from '@/components/ui/dates';

const NOW = Date.parse('2026-11-28T12:00:00Z');
const DAY = 86_400_000;

describe('console dates', () => {
  it('read a moment the same whether it comes as ISO text, milliseconds or a Date', () => {
    for (const ago of [30_000, 5 * 60_000, 3 * 3_600_000, 2 * DAY, 14 * DAY, 45 * DAY, 400 * DAY]) {
      const at = NOW - ago;
      const iso = new Date(at).toISOString();
      expect(formatRelative(at, NOW)).toBe(formatRelative(iso, NOW));
      expect(formatRelative(new Date(at), NOW)).toBe(formatRelative(iso, NOW));
      expect(formatDateTime(at)).toBe(formatDateTime(iso));
    }
  });

  it('say how long ago in words a person would say', () => {
    const ago = (ms: number) => formatRelative(NOW - ms, NOW);
    expect(ago(30_000)).toBe('just now');
    expect(ago(5 * 60_000)).toBe('5 minutes ago');
    expect(ago(2 * DAY)).toBe('2 days ago');
    expect(ago(14 * DAY)).toBe('2 weeks ago');
    expect(formatRelative(NOW + 3 * 3_600_000, NOW)).toBe('in 3 hours');
  });

  it('write a date as the date part of its date and time, and a calendar day as published', () => {
    const at = Date.parse('2026-03-04T12:06:00Z');
    expect(formatDateTime(at).startsWith(formatDate(at))).toBe(true);
    // A list published on 2024-05-03 (stored at UTC midnight) reads May 3 in every time zone.
    expect(formatCalendarDate('2024-05-03T00:00:00Z')).toMatch(/May 3, 2024|3 May 2024/);
  });
});
