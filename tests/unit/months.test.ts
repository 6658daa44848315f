import { describe, expect, it } from 'vitest';
import { monthsBefore, partitionMonth, startOfMonthUtc } from '@/lib/engine/maintenance/months';

describe('calendar months in UTC (partitions of observations)', () => {
  it('a month starts at midnight UTC on its first day, whatever the instant', () => {
    expect(startOfMonthUtc(new Date('2026-11-30T23:59:59.999Z')).toISOString()).toBe(
      '2026-11-01T00:00:00.000Z',
    );
    expect(startOfMonthUtc(new Date('2026-12-01T00:00:00.000Z')).toISOString()).toBe(
      '2026-12-01T00:00:00.000Z',
    );
  });

  it('counts months back and ahead across years', () => {
    const november = new Date('2026-11-01T00:00:00.000Z');
    expect(monthsBefore(november, 13).toISOString()).toBe('2025-10-01T00:00:00.000Z');
    expect(monthsBefore(november, -2).toISOString()).toBe('2027-01-01T00:00:00.000Z');
    expect(monthsBefore(november, 25).toISOString()).toBe('2024-10-01T00:00:00.000Z');
  });

  it('names a month as its partition does', () => {
    expect(partitionMonth(new Date('2027-01-01T00:00:00.000Z'))).toBe('2027_01');
    expect(partitionMonth(new Date('2026-11-01T00:00:00.000Z'))).toBe('2026_11');
  });
});
